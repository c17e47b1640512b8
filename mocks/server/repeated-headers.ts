/**
 * A header that holds one value, sent on more than one line. node:http (as the Headers class does) joins
 * the lines with ", ", and the signature covers the joined text, but a proxy or another reader may take
 * the first or the last line: what was signed and what is acted on could differ. Such a request is
 * refused before anything reads it, naming the header (decision 0045). The dispatcher, which sees only
 * the joined value, refuses what it can of it too (a Signature parameter or a Digest algorithm twice).
 */
import { headerNames } from "../../src/contract/headers";
import { SCENARIO_HEADER } from "../../src/contract/scenarios";
import type { TppMessage } from "../../src/contract/common-objects";
import { tppError } from "../../src/contract/tpp-messages";

/** Headers whose value is a list by definition (RFC 9110 §12.5): more lines are more items, as if comma-separated. */
const LISTS = new Set(["accept", "accept-charset", "accept-encoding", "accept-language", "x-accept-fix"]);

/** The spelling tppMessages name each one-value header by (the contract's, where it has one). */
const ONE_VALUE = new Map<string, string>(
  [...headerNames, "Date", "Content-Type", SCENARIO_HEADER]
    .filter((name) => !LISTS.has(name.toLowerCase()) && !LISTS.has(name.toLowerCase().replace(/^psu-/, "")))
    .map((name) => [name.toLowerCase(), name]),
);

/** Headers the signature check reads: repeated, they are a signature problem (401), as a malformed one is (decision 0019). */
const SIGNATURE_HEADERS: Record<string, { code: "SIGNATURE_INVALID" | "CERTIFICATE_INVALID"; fix: string }> = {
  signature: { code: "SIGNATURE_INVALID", fix: "a request carries one signature: send one Signature header" },
  "tpp-signature-certificate": { code: "CERTIFICATE_INVALID", fix: "send one, with the certificate whose key signed the request" },
  digest: { code: "SIGNATURE_INVALID", fix: "send one; several digests of the body go in it comma-separated (SHA-256=…, SHA-512=…), each algorithm once" },
};

/** A tppMessage per one-value header sent more than once, the signature's first (they decide the status); none when there are none. */
export function repeatedHeaderMessages(headersDistinct: Readonly<Record<string, readonly string[] | undefined>>): TppMessage[] {
  const signatureMessages: TppMessage[] = [];
  const messages: TppMessage[] = [];
  for (const [name, values] of Object.entries(headersDistinct)) {
    const spelled = ONE_VALUE.get(name);
    if (spelled === undefined || values === undefined || values.length < 2) continue;
    const has = `The request has ${String(values.length)} ${spelled} headers`;
    const signature = SIGNATURE_HEADERS[name];
    if (signature) signatureMessages.push(tppError(signature.code, `${has}; ${signature.fix}.`, spelled));
    else messages.push(tppError("FORMAT_ERROR", `${has}; ${spelled} holds one value, and a reader could take either line: send it once.`, spelled));
  }
  return [...signatureMessages, ...messages];
}
