/**
 * One signed interface request sent for the user by a button (the explorer's data actions, the
 * guided first payment): the same signing, sending and history as the console, with the answer
 * read into what such a button needs: a refusal in words, or the parsed body.
 */
import { operationById, type OperationId } from "../contract/operations";
import { sendRequest } from "./send";
import { messageLine, tppMessagesOf } from "./tpp-messages";

export interface SignedCall {
  /** The history entry, where the whole request and answer can be read. */
  exchangeId: string;
  /** "POST /v1/payments/… → 201": the request line and the answer's status, for a short summary. */
  line: string;
  /** Why it failed, in words; undefined when the answer is a 2xx. */
  refusal?: string;
  /** The answer's JSON body, when it has one. */
  json?: unknown;
}

export async function signedCall(
  id: OperationId,
  {
    params = {},
    query = {},
    headers = {},
    body,
  }: { params?: Record<string, string>; query?: Record<string, string>; headers?: Record<string, string>; body?: unknown },
): Promise<SignedCall> {
  const operation = operationById(id);
  const exchange = await sendRequest({
    operation,
    params,
    query,
    headers: { "X-Request-ID": crypto.randomUUID(), ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const status = exchange.response?.status;
  const path = new URL(exchange.request.url).pathname;
  const line = `${operation.method} ${path} → ${status === undefined ? "no answer" : String(status)}`;
  let json: unknown;
  try {
    json = JSON.parse(exchange.response?.body ?? "");
  } catch {
    // no body (204) or not JSON: the refusal says what came back
  }
  const refusal =
    status === undefined
      ? (exchange.error ?? "No answer.")
      : status >= 300
        ? `${String(status)}: ${tppMessagesOf(exchange.response?.body ?? "")
            .map(messageLine)
            .join(" ")}`
        : undefined;
  return { exchangeId: exchange.id, line, ...(refusal === undefined ? {} : { refusal }), ...(json === undefined ? {} : { json }) };
}
