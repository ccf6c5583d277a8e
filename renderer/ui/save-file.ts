/** Hands a file the server made to the browser's (or the desktop shell's) download. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has read the blob by then; the URL would otherwise live as long as the page.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
