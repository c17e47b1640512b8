/**
 * The sandbox-only routes under /__sandbox/ (clock, batch, explorer, SCA, export/import/reset).
 * They are not part of the interface, carry no signature, and are documented in the README.
 */
import type { IncomingRequest } from "../http/incoming";
import { tppError } from "../../src/contract/tpp-messages";
import type { SandboxEnv } from "../handlers/types";
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, jsonNestingProblem } from "../http/read-request";
import { answer, errorAnswer, failure, type Answer } from "../http/respond";
import { advanceClock, catchUp, clockState, runBatch, setBatchTimes } from "./clock-and-batch";
import { listAccounts, listAgreements, listCustomers, listPayments, showPayment } from "./explorer";
import { importSandbox } from "./import";
import { decideSca, showSca } from "./sca";

/** An import holds a whole sandbox (many thousand values); every other control body a handful. */
async function jsonBody(request: IncomingRequest, maxValues: number): Promise<{ ok: true; value: unknown } | { ok: false; answer: Answer }> {
  try {
    const text = await request.text();
    const nesting = jsonNestingProblem(text, MAX_JSON_DEPTH, maxValues);
    if (nesting) return { ok: false, answer: errorAnswer([tppError("FORMAT_ERROR", nesting)]) };
    return { ok: true, value: text.trim() === "" ? {} : (JSON.parse(text) as unknown) };
  } catch (error) {
    return { ok: false, answer: errorAnswer([tppError("FORMAT_ERROR", `The body is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`)]) };
  }
}

type Route = (context: { env: SandboxEnv; request: IncomingRequest; url: URL; match: RegExpExecArray; body: () => Promise<unknown> }) => Promise<Answer>;

const routes: [string, RegExp, Route][] = [
  ["GET", /^\/__sandbox\/clock$/, async ({ env }) => answer(200, await clockState(env))],
  ["POST", /^\/__sandbox\/clock\/advance$/, async ({ env, body }) => advanceClock(env, await body())],
  ["POST", /^\/__sandbox\/batch\/run$/, ({ env }) => runBatch(env)],
  ["POST", /^\/__sandbox\/batch\/catch-up$/, ({ env }) => catchUp(env)],
  ["PUT", /^\/__sandbox\/batch\/times$/, async ({ env, body }) => setBatchTimes(env, await body())],
  ["GET", /^\/__sandbox\/customers$/, ({ env }) => listCustomers(env)],
  ["GET", /^\/__sandbox\/accounts$/, ({ env, url }) => listAccounts(env, url.origin)],
  ["GET", /^\/__sandbox\/agreements$/, ({ env }) => listAgreements(env)],
  ["GET", /^\/__sandbox\/payments$/, ({ env, url }) => listPayments(env, url.searchParams.get("limit"))],
  ["GET", /^\/__sandbox\/payments\/([^/]+)$/, ({ env, match }) => showPayment(env, decodeURIComponent(match[1] ?? ""))],
  ["GET", /^\/__sandbox\/sca\/(payment|basket)\/([^/]+)$/, ({ env, match }) => showSca(env, match[1] === "basket" ? "basket" : "payment", decodeURIComponent(match[2] ?? ""))],
  ["POST", /^\/__sandbox\/sca\/(payment|basket)\/([^/]+)$/, async ({ env, match, body }) =>
    decideSca(env, match[1] === "basket" ? "basket" : "payment", decodeURIComponent(match[2] ?? ""), await body())],
  ["GET", /^\/__sandbox\/export$/, async ({ env }) => answer(200, await env.store.exportAll())],
  ["POST", /^\/__sandbox\/import$/, async ({ env, body }) => importSandbox(env, await body())],
  ["POST", /^\/__sandbox\/reset$/, async ({ env }) => {
    await env.store.clear();
    env.transactionCounts.clear();
    env.lastClockOffsetMs = 0;
    await env.store.write((tx) => tx.putMeta("lastBatchRunAt", env.realNow()));
    return answer(200, await clockState(env));
  }],
  ["GET", /^\/__sandbox\/settings$/, async ({ env }) => answer(200, { contactEmail: (await env.store.read((tx) => tx.meta("contactEmail"))) ?? null })],
];

/** Whether every captured path segment is valid percent-encoding (decodeURIComponent throws otherwise). */
function decodable(match: RegExpExecArray): boolean {
  return match.slice(1).every((segment) => {
    try {
      decodeURIComponent(segment);
      return true;
    } catch {
      return false;
    }
  });
}

export async function handleControl(request: IncomingRequest, url: URL, env: SandboxEnv): Promise<Answer> {
  let read: Promise<{ ok: true; value: unknown } | { ok: false; answer: Answer }> | undefined;
  const allowed: string[] = [];
  // HEAD is GET without the body; the dispatcher drops the body.
  const wanted = request.method === "HEAD" ? "GET" : request.method;
  for (const [method, pattern, route] of routes) {
    const match = pattern.exec(url.pathname);
    if (!match) continue;
    if (method !== wanted) {
      allowed.push(...(method === "GET" ? ["GET", "HEAD"] : [method]));
      continue;
    }
    // A malformed escape such as /__sandbox/payments/% names nothing (it was a 500 SYSTEM_ERROR).
    if (!decodable(match)) return failure("RESOURCE_UNKNOWN", `${url.pathname} is not a valid address: a % escape in it is malformed.`);
    let failed: Answer | undefined;
    const body = async () => {
      read ??= jsonBody(request, url.pathname === "/__sandbox/import" ? Number.POSITIVE_INFINITY : MAX_JSON_VALUES);
      const result = await read;
      if (!result.ok) failed = result.answer;
      return result.ok ? result.value : undefined;
    };
    const result = await route({ env, request, url, match, body });
    return failed ?? result;
  }
  if (allowed.length > 0) return failure("SERVICE_INVALID", `${url.pathname} takes ${allowed.join(", ")}.`, undefined, { Allow: allowed.join(", ") });
  return failure("RESOURCE_UNKNOWN", `No sandbox control at ${url.pathname}. See the README's "Sandbox controls".`);
}
