/**
 * The name of the meta element a sandbox server (`psd2-sandbox`) puts into the portal's page when it serves the portal
 * itself (decision 0057): the portal then starts on that server, at the page's own origin, rather than on the browser's
 * own sandbox (which stays choosable in Settings). The server writes it, the portal's settings read it.
 */
export const SERVED_BY_SERVER_META = "psd2-sandbox-server";
