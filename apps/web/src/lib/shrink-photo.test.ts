import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, shrinkPhoto } from './shrink-photo';

describe('fitWithin', () => {
  it.each([
    [4000, 3000, { width: 1600, height: 1200 }],
    [3000, 4000, { width: 1200, height: 1600 }],
    [1600, 900, { width: 1600, height: 900 }],
    [800, 600, { width: 800, height: 600 }],
    [10000, 10, { width: 1600, height: 2 }],
  ])('%i x %i is drawn at %o', (width, height, size) => {
    expect(fitWithin(width, height)).toEqual(size);
  });
});

describe('jpegName', () => {
  it.each([
    ['IMG_2041.HEIC.png', 'IMG_2041.HEIC.jpg'],
    ['id card.webp', 'id card.jpg'],
    ['scan', 'scan.jpg'],
    ['.png', 'photo.jpg'],
  ])('%s becomes %s', (name, renamed) => {
    expect(jpegName(name)).toBe(renamed);
  });
});

describe('shrinkPhoto', () => {
  it('sends a small photo, a PDF or anything it cannot draw as it was', async () => {
    const small = new File([new Uint8Array(1000)], 'small.jpg', { type: 'image/jpeg' });
    const pdf = new File([new Uint8Array(900 * 1024)], 'scan.pdf', { type: 'application/pdf' });
    const broken = new File([new Uint8Array(900 * 1024)], 'broken.jpg', { type: 'image/jpeg' });
    expect(await shrinkPhoto(small)).toBe(small);
    expect(await shrinkPhoto(pdf)).toBe(pdf);
    expect(await shrinkPhoto(broken)).toBe(broken);
  });
});
