/** Saves text as a file through a temporary object URL: the browser's own download. */
export function downloadText(fileName: string, text: string, type = "application/json"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked a little later: some browsers read the URL after click() returns.
  setTimeout(() => { URL.revokeObjectURL(url); }, 1000);
}
