/**
 * TPP-Redirect-URI (spec 4.1, 5.9): where the bank sends the PSU back after SCA. Web TPPs use https
 * (http for localhost); mobile TPPs use their app's own scheme (`myapp://callback`, RFC 8252's
 * `com.example.app:/oauth2redirect`), so any absolute URI is taken, except the schemes a browser would
 * run or show itself instead of returning to the TPP (docs/decisions/0018).
 */

/** Schemes a browser runs (script), renders from the URI itself or reads from the PSU's own machine, and schemes that lead nowhere a TPP can be. */
const REFUSED_SCHEMES: Record<string, string> = {
  javascript: "runs script in the bank's page",
  vbscript: "runs script in the bank's page",
  livescript: "runs script in the bank's page",
  data: "is content carried in the address itself, not a place to return to",
  blob: "names content held by one browser page, not a place to return to",
  filesystem: "names a browser's local storage, not a place to return to",
  file: "opens a file on the PSU's own machine",
  about: "is a browser's internal page",
  "view-source": "shows a page's source instead of returning to it",
  ftp: "is a file transfer, not a page or app to return to",
  ws: "is a WebSocket, not a page or app to return to",
  wss: "is a WebSocket, not a page or app to return to",
  mailto: "starts an e-mail, not a return to the TPP",
  tel: "starts a call, not a return to the TPP",
  sms: "starts a message, not a return to the TPP",
};

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const EXAMPLES = "https://tpp.example/callback, or your app's own scheme such as myapp://callback";

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Why `value` cannot be a TPP-Redirect-URI, or undefined when it can. */
export function redirectUriProblem(value: string): string | undefined {
  if (/\s/.test(value) || hasControlCharacter(value)) return `A redirect URI has no spaces or control characters; percent-encode them (${EXAMPLES}).`;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return `Must be an absolute URI that starts with its scheme: ${EXAMPLES}.`;
  const refused = REFUSED_SCHEMES[scheme];
  if (refused) return `${scheme}: URIs are refused as redirect targets: a ${scheme}: URI ${refused}. Use ${EXAMPLES}.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `This is not a valid URI. Use ${EXAMPLES}.`;
  }
  if ((scheme === "http" || scheme === "https") && url.hostname === "") return `An ${scheme} redirect URI needs a host: ${EXAMPLES}.`;
  if (value.length === scheme.length + 1) return `The URI has a scheme but nothing after it: ${EXAMPLES}.`;
  return undefined;
}

/** Whether the bank may send the PSU to `value` (a stored value is checked again before a redirect). */
export const isRedirectUri = (value: string): boolean => redirectUriProblem(value) === undefined;

/** How the bank page names where the PSU returns to: the web host, or the app's URI without its query. */
export function redirectTargetName(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return url.host;
    return `${url.protocol}${url.host === "" ? "" : "//"}${url.host}${url.pathname}`;
  } catch {
    return value;
  }
}
