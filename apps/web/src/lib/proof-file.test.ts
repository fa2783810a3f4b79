import { describe, expect, it } from 'vitest';
import { checkProofFile, formatFileSize } from './proof-file';

describe('checkProofFile', () => {
  it.each([
    [{ type: 'image/jpeg', size: 2048 }, null],
    [{ type: 'application/pdf', size: 2048 }, null],
    [{ type: 'image/gif', size: 2048 }, 'Please upload a JPEG, PNG or WebP image, or a PDF'],
    [{ type: 'image/png', size: 10 * 1024 * 1024 + 1 }, 'The file is too large. The limit is 10 MB.'],
  ])('%j -> %s', (file, message) => {
    expect(checkProofFile(file)).toBe(message);
  });
});

describe('formatFileSize', () => {
  it.each([
    [850, '850 B'],
    [12_700, '12.4 KB'],
    [2_202_010, '2.1 MB'],
  ])('%i -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
