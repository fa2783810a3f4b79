/** Saves a file held in memory on the user's device under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the file by the next tick; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
