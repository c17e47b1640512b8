/**
 * Taking a request's body, its cost bounded before it is spent (decision 0046): a body declared over
 * its route's limit is refused before any of it is read; a body that may be large takes its size from
 * the server's budget first (waiting, unread, in a bounded queue; refused beyond it); it is then read
 * within the limit, each chunk handed to the admission's check (a hash) as it comes; a body that
 * grows past the limit stops being read there. Every refusal here closes the connection: what the
 * client still sends is never read.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { tppError } from "../../src/contract/tpp-messages";
import { toWire, type WireAnswer } from "../http/incoming";
import { errorAnswer, failure } from "../env/answer";
import type { BodyCheck } from "./admission";
import { BUDGET_RETRY_AFTER_SECONDS, type BodyBudgets } from "./body-budget";
import { announcesBody, declaredLength, MAX_BODY_BYTES, readNodeBody, sizeText, SMALL_BODY_BYTES } from "./node-request";

export type Intake =
  | { kind: "read"; bytes: Buffer }
  /** Answer this; `close`: the body was not read whole, so the connection is closed after the answer. */
  | { kind: "refused"; answer: WireAnswer; close: boolean }
  | { kind: "aborted" };

/** 413: the body as declared, or as far as it was counted when it passed the limit. */
export function tooLarge(bytes: number, limit: number, counted: boolean): WireAnswer {
  const size = counted ? `more than ${String(limit)} bytes (the rest was not read)` : `${String(bytes)} bytes (none of it was read)`;
  const what = limit > MAX_BODY_BYTES ? "an import" : limit > SMALL_BODY_BYTES ? "this request" : "a request that takes no body";
  return toWire(failure("CONTENT_TOO_LARGE", `The body is ${size}; this sandbox takes at most ${String(limit)} bytes (${sizeText(limit)}) for ${what}.`));
}

const busy = (): WireAnswer =>
  toWire(
    errorAnswer(
      [
        tppError(
          "SERVICE_UNAVAILABLE",
          "The server is reading as many large request bodies as it holds at once, and as many more are waiting their turn. Nothing was read or changed; " +
            `send the request again after ${String(BUDGET_RETRY_AFTER_SECONDS)} seconds (Retry-After).`,
        ),
      ],
      { "Retry-After": String(BUDGET_RETRY_AFTER_SECONDS) },
    ),
  );

/** The answer to an Expect: 100-continue is given only once the body will be read: a refused request's client never sends it. */
const expectsContinue = (req: IncomingMessage) => /^\s*100-continue\s*$/i.test(req.headers.expect ?? "");

export async function takeBody(
  req: IncomingMessage,
  res: ServerResponse,
  options: { limit: number; budgets?: BodyBudgets | undefined; check?: BodyCheck | undefined },
): Promise<Intake> {
  const { limit, check } = options;
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) return { kind: "refused", answer: tooLarge(declared, limit, false), close: true };
  const budget = announcesBody(req) ? options.budgets?.for(declared ?? limit) : undefined;
  if (budget) {
    const gone = new AbortController();
    const leave = () => {
      gone.abort();
    };
    req.socket.once("close", leave);
    const taken = await budget.take(declared ?? limit, gone.signal);
    req.socket.off("close", leave);
    if (taken === "gone") return { kind: "aborted" };
    if (taken === "full") return { kind: "refused", answer: busy(), close: true };
    // Held until the answer has gone: what the request builds from its body (its text, its JSON) counts too.
    res.once("close", taken.release);
  }
  if (expectsContinue(req)) res.writeContinue();
  const body = await readNodeBody(req, limit, check?.seen);
  if (body.kind === "aborted") return body;
  if (body.kind === "too-large") return { kind: "refused", answer: tooLarge(body.bytes, limit, !body.declared), close: true };
  const refused = await check?.finish(body.bytes);
  return refused ? { kind: "refused", answer: refused, close: false } : { kind: "read", bytes: body.bytes };
}
