/** JSON answers and tppMessage error bodies, with the status read from the contract's table. */
import type { TppMessage } from "../../src/contract/common-objects";
import { errorStatus, type ErrorCode } from "../../src/contract/errors";
import { capMessages, tppError } from "../../src/contract/tpp-messages";

export interface Answer {
  status: number;
  body?: unknown;
  /** The body already serialized as JSON (a cached page); when set, `body` is not read. */
  bodyJson?: string;
  headers?: Record<string, string>;
}

export const answer = (status: number, body?: unknown, headers?: Record<string, string>): Answer => ({
  status,
  ...(body === undefined ? {} : { body }),
  ...(headers ? { headers } : {}),
});

/** An error answer: the status is that of the first message's code; at most MAX_TPP_MESSAGES messages. */
export function errorAnswer(messages: TppMessage[], headers?: Record<string, string>): Answer {
  const first = messages[0];
  const status = first && first.code !== "WARNING" ? errorStatus[first.code] : 400;
  return answer(status, { tppMessages: capMessages(messages) }, headers);
}

export const failure = (code: ErrorCode, text: string, path?: string, headers?: Record<string, string>) => errorAnswer([tppError(code, text, path)], headers);
