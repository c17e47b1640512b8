/**
 * Sends a request from the portal: signs it with the active credential, sends it (to the
 * in-browser sandbox unless settings point elsewhere), times it, and keeps it in the history.
 */
import { activeCredential } from "./credentials";
import type { Exchange, WireResponse } from "./exchange";
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

/** `origin` sends to that address instead of the configured base (a replay goes where the original went). */
export async function sendRequest(input: RequestInput, options: { origin?: string } = {}): Promise<Exchange> {
  const draft = options.origin === undefined ? draftRequest(input) : draftRequest(input, options.origin);
  if (new URL(draft.url).origin === location.origin) await sandboxReady();
  const signed = await signForBrowser(draft, await activeCredential());
  const exchange: Exchange = {
    id: crypto.randomUUID(),
    sentAt: Date.now(),
    operationId: input.operation.id as Exchange["operationId"],
    request: signed.request,
    unsentHeaders: signed.unsent,
    signing: signed.signing,
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

/** Unsigned JSON calls to the sandbox's own controls (/__sandbox/…), for the explorer and the bank page. */
export async function sandboxControl<T>(method: string, path: string, body?: unknown): Promise<T> {
  await sandboxReady();
  const response = await fetch(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
  const text = await response.text();
  const json = (text ? JSON.parse(text) : undefined) as unknown;
  if (!response.ok) {
    const messages = (json as { tppMessages?: { text?: string }[] } | undefined)?.tppMessages ?? [];
    throw new Error(messages.map((message) => message.text).join(" ") || `${String(response.status)} ${response.statusText}`);
  }
  return json as T;
}
