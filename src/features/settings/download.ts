/** Hands text to the browser as a file download; nothing leaves the page otherwise. */
export function downloadText(fileName: string, text: string, type = "application/x-pem-file"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; a little later the URL is no longer needed (revoking at once can race the download).
  setTimeout(() => { URL.revokeObjectURL(url); }, 10_000);
}
