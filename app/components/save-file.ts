/**
 * Saves a fetched answer's body as a download named `fileName`: a link to it, clicked once, let
 * go once the browser has taken it. Files behind the admin's session are fetched (the session
 * token goes with the fetch) rather than linked to, so the page holds a Response, not an address.
 */
export async function saveAsFile(response: Response, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
