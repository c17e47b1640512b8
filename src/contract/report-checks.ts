/**
 * The client report's checks (issue 26 point 6, decision 0054): each a rule a TPP's back end is judged on from the
 * traffic the sandbox recorded, what it asks, and where the rule comes from: a section of the spec
 * (/work/shared/spec/psd2-interface.md) or this sandbox's own advice. The rules themselves are in
 * mocks/domain/report/; docs/standalone-server.md ("The client report") lists them, generated from this table (npm run generate:report-checks-table).
 */
import { SANDBOX_ADVICE } from "./signature-diagnoses";

export interface ReportCheckEntry {
  /** The check's name in a line. */
  readonly title: string;
  /** What passes, what fails, and what leaves it untested. */
  readonly rule: string;
  /** "spec 5.4", … or SANDBOX_ADVICE. */
  readonly source: string;
}

/** The least time between two reads of one payment's (or basket's) status by one client: at most one a second. */
export const STATUS_POLL_INTERVAL_MS = 1000;
/** What a client must wait after a 429 or 503 that named no Retry-After (this sandbox always names one). */
export const DEFAULT_RETRY_AFTER_MS = 1000;
/**
 * How much sooner than a wait asks a request may come and still count as having waited: the sandbox times an answer
 * when its handling ends and the next request when it is handled, each late by the server's own load, so a client that
 * waits exactly the time asked must not fail on the sandbox's measuring (a hasty one comes within milliseconds).
 */
export const TIMING_TOLERANCE_MS = 250;

const entry = (title: string, rule: string, source: string): ReportCheckEntry => ({ title, rule, source });

const table = {
  "signed-headers": entry(
    "Every request signed as the spec asks",
    "Each request to /v1/ carries a Signature whose headers= lists x-request-id, digest when there is a body or a Digest, and psu-id, " +
      "psu-corporate-id, tpp-redirect-uri and date whenever they are sent, in lower case. Fails on any request that was unsigned, left one " +
      "out, or wrote the list with capitals (this sandbox accepts that; a bank may not).",
    "spec 5.1, 5.4; draft-cavage-10 §2.1.3",
  ),
  "request-id-unique": entry(
    "A new X-Request-ID for every request",
    "No two requests of one client carry the same X-Request-ID (a retry is a new request with a new id). Fails citing the requests that share one.",
    "spec 4.1 (X-Request-ID: unique per call)",
  ),
  "retry-after-respected": entry(
    "Retry-After respected after a 429 or 503",
    "After an answer 429 or 503 with Retry-After, the client sends its next request to /v1/ no sooner than the seconds it names " +
      "(counted from when the answer left). Fails on a request sent inside the window; untested until a 429 or 503 was met.",
    `${SANDBOX_ADVICE} (RFC 9110 §10.2.3)`,
  ),
  "sca-redirect-then-status": entry(
    "After the SCA redirect, the status is read",
    "A payment or basket whose initiation answered a scaRedirect link has its status read (status or whole resource) after the PSU " +
      "was sent to the bank. Fails for an initiation whose status the client never read afterwards; untested without an initiation.",
    "spec 5.9",
  ),
  "sca-declined-handled": entry(
    "SCA declined: met and handled",
    "The client read a payment RJCT because the PSU declined SCA (X-Sandbox-Scenario: sca-declined, or Decline on the bank page), " +
      "and then treated RJCT as final: no more than one further read of that payment and no cancellation. Untested until met.",
    "spec 5.9, 7",
  ),
  "sca-expired-handled": entry(
    "SCA expired: met and handled",
    "The client read a payment RJCT with SCA_EXPIRED (X-Sandbox-Scenario: sca-expired, or the SCA window ran out) and then treated " +
      "it as final (as for a declined SCA). Untested until met.",
    "spec 7 (SCA_EXPIRED)",
  ),
  "insufficient-funds-handled": entry(
    "Insufficient funds: met and handled",
    "The client read a payment RJCT with fundsAvailable false (X-Sandbox-Scenario: settlement-rejected;reason=AM04, or a batch " +
      "run without funds) and then treated it as final (as for a declined SCA). Untested until met.",
    "spec 7 rule 5",
  ),
  "pages-follow-link": entry(
    "Transaction pages followed by their Link cursors",
    "A further page of a transaction list is asked for with a next (or prev, first, last) link of a Link header the client was " +
      "answered, as given. Fails on a further page asked for with an offset the sandbox never linked; untested until a list had more than one page.",
    "spec 8 (pagination links), 4.4",
  ),
  "cancel-only-cancellable": entry(
    "Cancellation tried only where it can succeed",
    "A DELETE of a payment or basket is sent only while its status, as the client last read it, is RCVD or ACTC. Fails on a DELETE " +
      "the sandbox refused for the status (PDNG or final) or sent after the client read such a status; untested without a DELETE.",
    "spec 3, 7 rule 7",
  ),
  "status-poll-rate": entry(
    "Status not polled more than once a second",
    `Two reads of one payment's or basket's status by one client are at least ${String(STATUS_POLL_INTERVAL_MS / 1000)} s apart ` +
      "(from the first's answer to the second's request). Fails citing the reads that came sooner; untested until a status was read twice.",
    SANDBOX_ADVICE,
  ),
} as const satisfies Record<string, ReportCheckEntry>;

export type ReportCheckId = keyof typeof table;
export const reportChecks: Readonly<Record<ReportCheckId, ReportCheckEntry>> = table;
/** The checks in the order a report lists them. */
export const reportCheckIds = Object.keys(table) as [ReportCheckId, ...ReportCheckId[]];
