/**
 * Which web pages may call the server from their own origin. A browser sends any page's requests to
 * a server on localhost, and a "simple" cross-origin POST (a form, or fetch with text/plain) is
 * executed even when the answer is hidden from the page. So only loopback origins (the portal on any
 * local port) and those given with --allow-origin get a CORS grant; any other origin is refused a
 * state change and the control routes outright (decision 0014).
 */

/** http://localhost:<any port>, http://127.0.0.1:<any port>, http://[::1]:<any port>. */
export function isLoopbackOrigin(origin: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/.test(origin);
}

export type OriginParse = { ok: true; origin: string } | { ok: false; problem: string };

/** An --allow-origin value: a scheme, a host and an optional port, exactly as a browser sends it in Origin. */
export function parseAllowedOrigin(text: string): OriginParse {
  const example = "such as https://portal.example.com or http://192.168.1.20:5173";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: `--allow-origin takes an origin, ${example}; got ${JSON.stringify(text)}.` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, problem: `--allow-origin takes an http or https origin, ${example}; got ${JSON.stringify(text)}.` };
  if (url.origin !== text.replace(/\/$/, "").toLowerCase() && url.origin !== text.replace(/\/$/, ""))
    return { ok: false, problem: `--allow-origin takes an origin only (scheme, host, port: no path, query or user), ${example}; got ${JSON.stringify(text)}.` };
  return { ok: true, origin: url.origin };
}

/** Whether a request's Origin header may call the server: loopback, or one of `allowed` (parsed origins). */
export function originPolicy(allowed: readonly string[] = []): (origin: string) => boolean {
  const extra = new Set(allowed);
  return (origin) => isLoopbackOrigin(origin) || extra.has(origin);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Why a request from an origin that is not allowed is refused, or undefined when it may be answered
 * (without a CORS grant, so the page cannot read it): any state change, and any control route.
 */
export function foreignOriginProblem(origin: string, method: string, pathname: string): string | undefined {
  const control = pathname.startsWith("/__sandbox/");
  if (SAFE_METHODS.has(method.toUpperCase()) && !control) return undefined;
  return (
    `Requests from the web page origin ${JSON.stringify(origin.slice(0, 200))} are refused: ${control ? "the sandbox controls answer" : "changes are taken from"} ` +
    "loopback origins (http://localhost, http://127.0.0.1, http://[::1], any port) only, so that a page you happen to visit cannot drive the sandbox. " +
    `To allow this origin, start the server with --allow-origin ${/^https?:\/\/[^/]+$/.test(origin) ? origin : "ORIGIN"}.`
  );
}

/** A host name or address that names this machine's loopback interface (a Host header's name, without the port). */
export function isLoopbackHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(name) || name === "[::1]" || name === "::1";
}

/**
 * A server that listens on loopback only is reached by loopback names only. A request naming
 * another host came through a name that resolves to 127.0.0.1 (DNS rebinding): a web page on that
 * name is "same-origin" with it, sends no Origin on its reads, and could read the controls' export.
 */
export function foreignHostProblem(hostname: string): string | undefined {
  if (isLoopbackHostName(hostname)) return undefined;
  return (
    `This sandbox server listens on loopback only and answers requests addressed to localhost, 127.0.0.1 or [::1]; this one names ${JSON.stringify(hostname.slice(0, 100))}. ` +
    "Use http://127.0.0.1:<port>, or start the server with --host 0.0.0.0 to serve other names (then anyone who can reach the machine can use it)."
  );
}
