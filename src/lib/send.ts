/**
 * Sends a request from the portal: signs it with the active credential, sends it (to the
 * in-browser sandbox unless settings point elsewhere), times it, and keeps it in the history.
 */
import { activeCredential } from "./credentials";
import type { Exchange, WireRequest, WireResponse } from "./exchange";
import { recordExchange } from "./history";
import { draftRequest, signForBrowser, type RequestInput } from "./request-draft";
import { sandboxReady } from "./sandbox";

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
  if (new URL(draft.url).origin === location.origin) await sandboxReady();
  const signed = await signForBrowser(draft, await activeCredential());
  signed.request = await tamper(signed.request, options.tamper ?? "none");
  const exchange: Exchange = {
    id: crypto.randomUUID(),
    sentAt: Date.now(),
    operationId: input.operation.id as Exchange["operationId"],
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
    exchange.error = `No answer: ${error instanceof Error ? error.message : String(error)}. Check the base address in Settings, or that the server allows this origin (CORS).`;
  }
  await recordExchange(exchange);
  return exchange;
}
