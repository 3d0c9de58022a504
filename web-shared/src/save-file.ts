/**
 * Hands bytes the app fetched itself (with its access token, which a plain link would not carry) to
 * the browser as a download under `name`: an export, a resume file.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
