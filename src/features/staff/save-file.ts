// A file made or fetched in the browser, handed to the person as a download.
export function saveFile(blob: Blob, filename: string) {
  const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: filename });
  link.click();
  URL.revokeObjectURL(link.href);
}
