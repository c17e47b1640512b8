/** What a domain rule decides: a value, or the tppMessages that say why not. */
import type { TppMessage } from "../../src/contract/common-objects";
import type { ErrorCode } from "../../src/contract/errors";
import { tppError } from "../../src/contract/tpp-messages";

export type Outcome<T> = { ok: true; value: T } | { ok: false; messages: TppMessage[] };

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const refuse = (code: ErrorCode, text: string, path?: string): { ok: false; messages: TppMessage[] } => ({
  ok: false,
  messages: [tppError(code, text, path)],
});
