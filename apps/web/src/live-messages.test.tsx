import Alert, { type AlertProps } from '@mui/material/Alert';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilePicker, type FilePickerProps } from './components/file-picker';
import { theme } from './theme';

/** The markup of `element` as the server would draw it, with the product's theme (its styles left out). */
function draw(element: ReactNode): string {
  return renderToStaticMarkup(<ThemeProvider theme={theme}>{element}</ThemeProvider>).replace(
    /<style[^>]*>.*?<\/style>/gs,
    '',
  );
}

/** The role of the alert's outer element. */
function alertRole(props: AlertProps): string | undefined {
  const root = /<div[^>]*class="[^"]*MuiAlert-root[^"]*"[^>]*>/.exec(draw(<Alert {...props}>Message</Alert>))?.[0];
  return root ? /\srole="([^"]*)"/.exec(root)?.[1] : undefined;
}

describe('messages a screen reader reads out as they appear', () => {
  it.each([
    ['error', 'alert'],
    ['success', 'status'],
    ['info', 'status'],
    ['warning', 'status'],
  ] as const)('makes an alert of severity %s a %s', (severity, role) => {
    expect(alertRole({ severity })).toBe(role);
  });

  it('keeps a role an alert was given', () => {
    expect(alertRole({ severity: 'error', role: 'status' })).toBe('status');
  });

  const picker: FilePickerProps = {
    title: 'Proof of payment',
    preview: null,
    details: 'proof.png · Uploaded',
    hasFile: true,
    chooseLabel: 'Change file',
    inputLabel: 'Proof of payment file',
    cameraInputLabel: 'Proof of payment from camera',
    accept: 'image/png',
    capture: 'environment',
    isUploading: false,
    progress: 0,
    progressLabel: 'Uploading proof of payment',
    onPick: () => undefined,
  };

  it('keeps what a file picker picked, and its upload, in live regions', () => {
    // What was picked and whether it is uploaded: read out when it changes.
    expect(draw(<FilePicker {...picker} />)).toMatch(/<div[^>]*role="status"[^>]*>proof\.png · Uploaded<\/div>/);
    // The upload's start is read out; the share sent is on the progress bar, not repeated aloud.
    const uploading = draw(<FilePicker {...picker} details="proof.png" isUploading progress={0.42} />);
    expect(uploading).toMatch(
      /<div[^>]*role="status"[^>]*><div[^>]*><span[^>]*role="progressbar"[^>]*aria-valuenow="42"/,
    );
    expect(uploading).toContain('Uploading… <span aria-hidden="true">42%</span>');
  });

  it('says at once that an upload failed', () => {
    expect(draw(<FilePicker {...picker} error="The file is larger than 10 MB" />)).toMatch(
      /role="alert"[^>]*>The file is larger than 10 MB</,
    );
  });
});
