/** GET / (what this server is, as HTML or JSON by Accept) and GET /openapi.json (from the contract). */
import { buildOpenApiDocument } from "../../src/contract/openapi";
import { CONTROL_PREFIX } from "../router";
import { html, page } from "./html";

/** The sandbox-only routes (mocks/control/index.ts), for the index; unsigned JSON. */
export const CONTROL_ROUTES: readonly (readonly [method: string, path: string, what: string])[] = [
  ["GET", "/__sandbox/clock", "The sandbox clock, the last and next batch run, the batch times."],
  ["POST", "/__sandbox/clock/advance", 'Move the clock forward: {"days":1,"hours":2,"minutes":3} or {"to":"2030-01-01T09:00:00+01:00"}; due batch runs follow.'],
  ["POST", "/__sandbox/batch/run", "Run the batch now: books every due approved payment."],
  ["POST", "/__sandbox/batch/catch-up", "Run the scheduled batches missed up to now (the server does this every 30 s)."],
  ["PUT", "/__sandbox/batch/times", 'Set the batch times (Oslo time): {"batchTimes":["06:00","12:00"]}.'],
  ["GET", "/__sandbox/customers", "Every customer."],
  ["GET", "/__sandbox/accounts", "Every account, with balances."],
  ["GET", "/__sandbox/agreements", "Every agreement."],
  ["GET", "/__sandbox/payments?limit=100", "The newest payments."],
  ["GET", "/__sandbox/payments/{paymentId}", "One payment, with its status history."],
  ["GET", "/__sandbox/sca/{payment|basket}/{id}", "What the PSU is asked to approve."],
  ["POST", "/__sandbox/sca/{payment|basket}/{id}", 'Decide SCA without the bank page: {"decision":"approve"} or {"decision":"decline"}.'],
  ["GET", "/__sandbox/export", "Everything the sandbox holds, as one JSON document."],
  ["POST", "/__sandbox/import", "Replace everything with an export (validated first; a bad file changes nothing)."],
  ["POST", "/__sandbox/reset", "Empty the sandbox and reset its clock."],
  ["GET", "/__sandbox/settings", "The registered contact e-mail."],
];

let openApi: string | undefined;
export function openApiResponse(): Response {
  openApi ??= `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
  return new Response(openApi, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}

function indexJson(origin: string): Response {
  const body = {
    name: "PSD2 payment-initiation sandbox (standalone server)",
    description: "The portal's in-browser sandbox as an HTTP server. Requests to /v1/… must be signed; the /__sandbox/ controls are not.",
    base_url: origin,
    sandbox_base_url: origin,
    openapi: `${origin}/openapi.json`,
    bankPage: `${origin}/bank/authorize/{payment|basket}/{id}`,
    controlPrefix: `${origin}${CONTROL_PREFIX}`,
    controls: CONTROL_ROUTES.map(([method, path, description]) => ({ method, path, description })),
    docs: "docs/standalone-server.md",
  };
  return new Response(JSON.stringify(body, null, 2), { headers: { "Content-Type": "application/json" } });
}

function indexHtml(origin: string): Response {
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
<h2>Sandbox controls (unsigned, sandbox only)</h2>
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
export function indexResponse(request: Request, origin: string): Response {
  return (request.headers.get("accept") ?? "").includes("text/html") ? indexHtml(origin) : indexJson(origin);
}
