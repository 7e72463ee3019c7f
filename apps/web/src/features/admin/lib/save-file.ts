import type { DownloadedFile } from '../api/wheels';

/** Hands a fetched file to the browser's downloads, as a link with `download` would. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has taken its copy of the blob by then.
  setTimeout(() => URL.revokeObjectURL(url));
}
