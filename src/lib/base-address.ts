/**
 * A sandbox server's address: an absolute http(s) origin, which is both {base_url} and
 * {sandbox_base_url} and where its controls answer. The operations append their own paths, so a
 * path here would be doubled on every request. Without zod: the portal reads ?sandbox= at start.
 */

/** Why `value` is not a usable base address, or undefined when it is (empty is the caller's call). */
export function baseAddressProblem(value: string): string | undefined {
  const text = value.trim();
  if (/\s/.test(text)) return "An address has no spaces in it.";
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(text)) {
    return `Write the whole address with its scheme, e.g. http://${text.replace(/^https?:\/*/i, "") || "127.0.0.1:4010"}.`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "This is not a valid address: check the host name and port, e.g. https://sandbox.example.no or http://127.0.0.1:4010.";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `Only http:// and https:// addresses work here, not ${url.protocol}//.`;
  if (url.username || url.password) return "Leave out the user name and password: the portal does not send them.";
  if (url.pathname !== "/") return `Leave out the path "${url.pathname}": each operation adds its own path (/v1/…) to the base address.`;
  if (url.search || text.includes("?")) return "Leave out the query (?…): a base address is a scheme, host and port only.";
  if (url.hash || text.includes("#")) return "Leave out the fragment (#…): a base address is a scheme, host and port only.";
  return undefined;
}

/** The stored form: the origin, lower-case host, no default port, no trailing slash. */
export function normaliseBaseAddress(value: string): string {
  const text = value.trim();
  return text === "" ? "" : new URL(text).origin;
}
