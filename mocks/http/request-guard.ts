/**
 * What a signature cannot protect against by itself (the signed headers cover neither the method nor
 * the path): the same signed request sent again, or a request signed long ago. Checked after the
 * signature, so a forged request never uses up an id, and before the handler, so a refused request
 * changes nothing (docs/standalone-server.md, "Replays and the Date window"; decision 0013).
 */
import { DATE_WINDOW_MS, IMF_FIXDATE } from "../../src/contract/date-header";
import { headerSet } from "../../src/contract/headers";
import { SIGNATURE_DIAGNOSIS_HEADER } from "../../src/contract/signature-diagnoses";
import { dateStaleFinding } from "../../src/signing/diagnosis-texts";
import { issuesToTppMessages, tppError } from "../../src/contract/tpp-messages";
import { REQUEST_ID_RETENTION_MS, type RequestIdClaims } from "../store/port";
import { errorAnswer, type Answer } from "../env/answer";
import type { RequestFacts } from "./incoming";

export { DATE_WINDOW_MS };

/** "2 h 3 min 4 s": the signature doctor's, whose stale-Date finding this guard's refusal is. */
export { formatDuration } from "../../src/signing/diagnosis-texts";

/**
 * A request without Date passes (a browser cannot send one). With Date (which the signature check has
 * already required to be signed), it must be an IMF-fixdate within DATE_WINDOW_MS of real time. A stale one is the
 * signature doctor's finding, so the request's record carries it as a refused signature's would.
 */
export function dateWindowProblem(date: string | undefined, realNow: number, facts?: RequestFacts): Answer | undefined {
  if (date === undefined) return undefined;
  const value = date.trim();
  const at = IMF_FIXDATE.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at))
    return errorAnswer([
      tppError(
        "FORMAT_ERROR",
        `Date ${JSON.stringify(value.slice(0, 64))} is not an HTTP date; send it as ${new Date(realNow).toUTCString()} (RFC 9110 IMF-fixdate, GMT).`,
        "Date",
      ),
    ]);
  const skew = at - realNow;
  if (Math.abs(skew) <= DATE_WINDOW_MS) return undefined;
  const finding = dateStaleFinding(value, skew, new Date(realNow), DATE_WINDOW_MS);
  if (facts) facts.signatureRefused = { diagnosis: [finding] };
  return errorAnswer([tppError("SIGNATURE_INVALID", finding.text, "Date")], { [SIGNATURE_DIAGNOSIS_HEADER]: finding.code });
}

/** X-Request-ID as the interface takes it (src/contract/headers.ts): required, a UUID. */
const RequestIdHeader = headerSet(["X-Request-ID"], []);

/**
 * The interface's own check of X-Request-ID, for requests the dispatcher does not validate before their id is
 * claimed (a hosted server's signed controls): 400 HTTP_HEADER_REQUIRED when it is missing, FORMAT_ERROR when it
 * is no UUID. An id of kilobytes had reached the store: over about 2.7 KB, PostgreSQL's index refused it (a 500).
 */
export function requestIdProblem(requestId: string | null): Answer | undefined {
  const input = requestId === null ? {} : { "X-Request-ID": requestId };
  const checked = RequestIdHeader.safeParse(input);
  return checked.success ? undefined : errorAnswer(issuesToTppMessages(checked.error.issues, "header", input));
}

/**
 * How long past its signed Date a request id is kept: the Date window (a replay later than Date + 5 min is refused
 * by its Date, whatever the store remembers), and as much again for servers on one database whose clocks differ
 * (one may still accept a replay another has already seen as expired). So 10 minutes, against 7 days undated.
 */
export const DATED_ID_KEPT_MS = 2 * DATE_WINDOW_MS;

/**
 * Until when the replay guard keeps a request's id: a request with a signed Date (dateWindowProblem has passed it)
 * only until its Date's window has closed; one without, REQUEST_ID_RETENTION_MS (7 days), since nothing else stops it.
 */
export function keepIdUntil(date: string | undefined, realNow: number): number {
  const undated = realNow + REQUEST_ID_RETENTION_MS;
  const at = date === undefined ? Number.NaN : Date.parse(date.trim());
  return Number.isNaN(at) ? undated : Math.min(undated, Math.max(realNow, at + DATED_ID_KEPT_MS));
}

/**
 * Claims the request id for the key that verified the request's signature (its SubjectPublicKeyInfo's SHA-256):
 * the only part of the certificate the signature establishes, so no other certificate around the same key
 * makes a used id new (decision 0045). A 409 naming the id and its first use when it was used before. `date`: the
 * request's signed Date, if any (the id is then kept only until its window has closed).
 */
export async function replayProblem(
  claims: RequestIdClaims,
  signerKey: string,
  requestId: string,
  realNow: number,
  date?: string,
): Promise<Answer | undefined> {
  const seen = await claims.claimRequestId(signerKey, requestId, realNow, keepIdUntil(date, realNow));
  return seen === undefined ? undefined : usedAnswer(requestId, seen.firstUsedAt);
}

/**
 * The same 409 for an id this key has used, found by a read that claims nothing: a hosted server asks it before it makes a
 * tenant for a request, so a replay under a certificate naming a new tenant is refused without making one.
 */
export async function usedProblem(claims: RequestIdClaims, signerKey: string, requestId: string, realNow: number): Promise<Answer | undefined> {
  const seen = await claims.requestIdUsed(signerKey, requestId, realNow);
  return seen === undefined ? undefined : usedAnswer(requestId, seen.firstUsedAt);
}

const usedAnswer = (requestId: string, firstUsedAt: number): Answer =>
  errorAnswer([
    tppError(
      "CONFLICT",
      `X-Request-ID ${requestId} was already used with this certificate's key, first at ${new Date(firstUsedAt).toISOString()} (real time); ` +
        "a request id is good for one request. Send every request, a retry too, with a new X-Request-ID (a fresh UUID) and sign it again. This request changed nothing.",
      "X-Request-ID",
    ),
  ]);
