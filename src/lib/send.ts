/**
 * Sends a request from the portal: signs it with the active credential, sends it to the chosen
 * sandbox (this browser's, or a server's), times it, and keeps it in the history.
 */
import type { ControlBody, ControlResult, ControlRouteId } from "../contract/control";
import { controlRouteById, hrefOf, type PathParams, type QueryValues } from "../contract/paths";
import { activeCredential } from "./credentials";
import type { Exchange, WireRequest, WireResponse } from "./exchange";
import { recordExchange } from "./history";
import { isHostedServer } from "./hosted-servers";
import { draftRequest, signForBrowser, type RequestInput } from "./request-draft";
import { dispatchInPage, startSandbox } from "./sandbox";
import { noAnswerHint } from "./sandbox-connection";
import { getSettings, sandboxLabel, sandboxOrigin, type SandboxChoice } from "./settings";
import { tppMessagesOf } from "./tpp-messages";

async function readResponse(response: Response, startedAt: number): Promise<WireResponse> {
  const body = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, statusText: response.statusText, headers, body, durationMs: Math.round((performance.now() - startedAt) * 10) / 10 };
}

/**
 * Ways to break a signed request on purpose, to see how the bank answers: the change is made after
 * signing, as a proxy or a bug in a TPP's code would make it.
 */
export const tamperings = {
  none: "Send it as signed",
  body: "Change the body after signing",
  "x-request-id": "Change X-Request-ID after signing",
  signature: "Damage the signature value",
  certificate: "Send another certificate",
} as const;
export type Tampering = keyof typeof tamperings;

async function tamper(request: WireRequest, how: Tampering): Promise<WireRequest> {
  const headers = { ...request.headers };
  switch (how) {
    case "none":
      return request;
    case "body":
      return { ...request, body: `${request.body ?? ""} ` };
    case "x-request-id":
      headers["X-Request-ID"] = crypto.randomUUID();
      return { ...request, headers };
    case "signature":
      headers.Signature = (headers.Signature ?? "").replace(/signature="(.)/, (_match, first: string) => `signature="${first === "A" ? "B" : "A"}`);
      return { ...request, headers };
    case "certificate": {
      const { generateTestCertificate, parseCertificate } = await import("../signing/index");
      headers["TPP-Signature-Certificate"] = parseCertificate((await generateTestCertificate({ tppName: "Another TPP" })).certificatePem).base64Der;
      return { ...request, headers };
    }
  }
}

/** `origin` sends to that address instead of the configured base (a replay goes where the original went). */
export async function sendRequest(input: RequestInput, options: { origin?: string; tamper?: Tampering } = {}): Promise<Exchange> {
  const draft = options.origin === undefined ? draftRequest(input) : draftRequest(input, options.origin);
  const origin = new URL(draft.url).origin;
  if (origin === location.origin) await startSandbox();
  const signed = await signForBrowser(draft, await activeCredential());
  signed.request = await tamper(signed.request, options.tamper ?? "none");
  const exchange: Exchange = {
    id: crypto.randomUUID(),
    sentAt: Date.now(),
    operationId: input.operation.id,
    sandbox: origin === location.origin ? sandboxLabel({ kind: "browser" }) : origin,
    request: signed.request,
    unsentHeaders: signed.unsent,
    signing: signed.signing,
    ...(options.tamper && options.tamper !== "none" ? { tampered: tamperings[options.tamper] } : {}),
  };
  const startedAt = performance.now();
  try {
    const response = await fetch(signed.request.url, {
      method: signed.request.method,
      headers: signed.request.headers,
      ...(signed.request.body === undefined ? {} : { body: signed.request.body }),
    });
    exchange.response = await readResponse(response, startedAt);
  } catch (error) {
    exchange.error = `No answer from ${origin}: ${error instanceof Error ? error.message : String(error)}. ${noAnswerHint(origin)}`;
  }
  await recordExchange(exchange);
  return exchange;
}

/**
 * JSON calls to the sandbox's own controls (/__sandbox/…), for the explorer, the forms, the bank page
 * and the data actions, unsigned but on a hosted server (signed there): the path from the control table, the answer parsed with the
 * route's response schema, so a sandbox that answers another shape is an error here, not a wrong
 * screen.
 */
type ParamsPart<Id extends ControlRouteId> = PathParams<Id> extends Record<string, never> ? { params?: never } : { params: PathParams<Id> };
type BodyPart<Id extends ControlRouteId> = ControlBody<Id> extends undefined ? { body?: never } : { body: ControlBody<Id> };
/**
 * `sandbox` addresses another sandbox than the chosen one (copying between them); `inPage` hands
 * the request to this browser's sandbox without the service worker's copy (tens of megabytes).
 */
export type ControlInput<Id extends ControlRouteId> = ParamsPart<Id> & BodyPart<Id> & { query?: QueryValues; inPage?: boolean; sandbox?: SandboxChoice };

type Args<Id extends ControlRouteId> =
  PathParams<Id> extends Record<string, never>
    ? ControlBody<Id> extends undefined
      ? [input?: ControlInput<Id>]
      : [input: ControlInput<Id>]
    : [input: ControlInput<Id>];

export async function sandboxControl<Id extends ControlRouteId>(id: Id, ...[input]: Args<Id>): Promise<ControlResult<Id>> {
  const route = controlRouteById(id);
  const { params, query, body, inPage, sandbox = getSettings().sandbox } = (input ?? {}) as ControlInput<Id> & { params?: PathParams<Id>; body?: unknown };
  const origin = sandboxOrigin({ ...getSettings(), sandbox });
  if (sandbox.kind === "browser") await startSandbox();
  const target = hrefOf(id, params ?? ({} as PathParams<Id>), query);
  const url = `${origin}${target}`;
  const bodyText = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = bodyText === undefined ? {} : { "Content-Type": "application/json" };
  // A hosted server keeps a sandbox per TPP certificate: its controls are signed like the interface, with the portal's credential.
  if (sandbox.kind === "server" && id !== "sandboxInfo" && (await isHostedServer(sandbox.url))) {
    const draft = {
      method: route.method,
      url,
      target,
      headers: { ...headers, "X-Request-ID": crypto.randomUUID() },
      ...(bodyText === undefined ? {} : { body: bodyText }),
    };
    Object.assign(headers, (await signForBrowser(draft, await activeCredential())).request.headers);
  }
  const init: RequestInit = { method: route.method, headers, ...(bodyText === undefined ? {} : { body: bodyText }) };
  let response: Response;
  try {
    response = inPage === true && sandbox.kind === "browser" ? await dispatchInPage(new Request(url, init)) : await fetch(url, init);
  } catch (error) {
    throw new Error(
      `No answer from ${origin} to ${route.method} ${route.path} (${error instanceof Error ? error.message : String(error)}). ${noAnswerHint(origin)}`,
      { cause: error },
    );
  }
  const text = await response.text();
  if (!response.ok)
    throw new Error(
      tppMessagesOf(text)
        .map((message) => message.text)
        .join(" ") || `${String(response.status)} ${response.statusText}`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`The sandbox's answer to ${route.method} ${route.path} is not JSON.`);
  }
  const parsed = route.response.safeParse(json);
  if (!parsed.success)
    throw new Error(`The sandbox's answer to ${route.method} ${route.path} is not what this portal reads: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data as ControlResult<Id>;
}
