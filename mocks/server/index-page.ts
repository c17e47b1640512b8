/** GET / (what this server is, as HTML or JSON by Accept) and GET /openapi.json (from the contract). */
import { controlRoutes } from "../../src/contract/control";
import { controlSummaries } from "../../src/contract/control-summaries";
import { osloToday } from "../../src/contract/example-dates";
import { buildOpenApiDocument } from "../../src/contract/openapi";
import { CONTROL_PREFIX } from "../router";
import { html, page } from "./html";

/** The sandbox-only routes, unsigned JSON: the contract's control table, path parameters in braces. */
const CONTROL_ROUTES = controlRoutes.map(({ id, method, path }) => [method, path, controlSummaries[id]] as const);

/**
 * The document names as its server the origin it was asked for at (the Host the client used), so
 * a generated client or a mock aims at this server whatever its port. Its examples are a request the
 * sandbox accepts on the day it is served (decision 0053): dated today in Oslo, each X-Request-ID a
 * fresh UUID per answer. Built once a day around markers; each answer puts its origin and ids in.
 */
const ORIGIN_MARKER = "http://origin.invalid";
const ID_MARKER = /"request-id-of-[A-Za-z]+"/g;
let openApi: { day: string; parts: [string, string] } | undefined;
export function openApiResponse(origin: string, now = Date.now()): Response {
  const day = osloToday(now);
  if (openApi?.day !== day) {
    const document = buildOpenApiDocument({ origin: ORIGIN_MARKER, today: day, requestId: (id) => `request-id-of-${id}` });
    const [before = "", after = ""] = `${JSON.stringify(document, null, 2)}\n`.split(ORIGIN_MARKER);
    openApi = { day, parts: [before, after] };
  }
  const text = `${openApi.parts[0]}${JSON.stringify(origin).slice(1, -1)}${openApi.parts[1]}`.replace(ID_MARKER, () => `"${crypto.randomUUID()}"`);
  return new Response(text, { headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
}

/** How the controls are called: unsigned on a local server; signed, each TPP in its own sandbox, on a hosted one. */
const controlsNote = (hosted: boolean) =>
  hosted
    ? "This server is hosted (multi-tenant): each TPP certificate has a sandbox of its own, and the /__sandbox/ controls are signed like the interface (all but /__sandbox/info)."
    : "the /__sandbox/ controls are not.";

function indexJson(origin: string, hosted: boolean): Response {
  const body = {
    name: "PSD2 payment-initiation sandbox (standalone server)",
    description: `The portal's in-browser sandbox as an HTTP server. Requests to /v1/… must be signed; ${controlsNote(hosted)}`,
    base_url: origin,
    sandbox_base_url: origin,
    openapi: `${origin}/openapi.json`,
    bankPage: `${origin}/bank/authorize/{payment|basket}/{id}${hosted ? "?tenant={tenant}" : ""}`,
    controlPrefix: `${origin}${CONTROL_PREFIX}`,
    controls: CONTROL_ROUTES.map(([method, path, description]) => ({ method, path, description })),
    docs: "docs/standalone-server.md",
  };
  return new Response(JSON.stringify(body, null, 2), { headers: { "Content-Type": "application/json" } });
}

function indexHtml(origin: string, hosted: boolean): Response {
  return page(
    200,
    "PSD2 sandbox server",
    html`<h1>PSD2 sandbox server</h1>
<p>The portal's in-browser sandbox for the Norwegian payment-initiation interface, as an HTTP server.
Both <code>{base_url}</code> and <code>{sandbox_base_url}</code> are <code>${origin}</code>. Requests to <code>/v1/…</code> must be signed.</p>
<ul>
<li><a href="/openapi.json">/openapi.json</a>: every operation, generated from the contract.</li>
<li><code>/bank/authorize/{payment|basket}/{id}</code>: the simulated bank page behind each <code>scaRedirect</code> link.</li>
</ul>
<h2>Sandbox controls (${hosted ? "signed, each TPP's own sandbox" : "unsigned, sandbox only"})</h2>
<table>
<thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">What</th></tr></thead>
<tbody>
${CONTROL_ROUTES.map(([method, path, what]) => html`<tr><td>${method}</td><td><code>${path}</code></td><td>${what}</td></tr>`)}
</tbody>
</table>
<p class="note">See docs/standalone-server.md.</p>`,
  );
}

/** The index, as HTML for a browser and JSON for everything else. */
export function indexResponse(request: Request, origin: string, hosted = false): Response {
  return (request.headers.get("accept") ?? "").includes("text/html") ? indexHtml(origin, hosted) : indexJson(origin, hosted);
}
