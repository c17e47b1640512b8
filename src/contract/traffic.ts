/**
 * What the sandbox received (issue 26, design "What the sandbox received"): every request it answered, kept as a
 * traffic record beside the sandbox, listed by GET /__sandbox/requests and read whole by GET /__sandbox/requests/{id},
 * and the client report built from them (GET /__sandbox/report). The portal's Traffic view, the terminal's `tail` and
 * `report` and the sandbox read and write these shapes, and nothing else.
 */
import { countParameter } from "./control-schemas";
import { patternText } from "./pattern-text";
import { reportCheckIds } from "./report-checks";
import { z } from "./zod";

/** A request's or an answer's body as kept: its text up to a bound, and how large it was. */
export const RecordedBody = z
  .object({
    /** The body as text (UTF-8), cut at `keptBytes`; empty for none. */
    text: z.string(),
    /** The body's size as received or sent, in bytes. */
    bytes: z.int().nonnegative(),
    /** How many of those bytes were kept: less than `bytes` when the body was cut at the sandbox's bound. */
    keptBytes: z.int().nonnegative(),
  })
  .meta({ id: "RecordedBody", description: "A body as the sandbox kept it: its text up to a bound, with its whole size." });
export type RecordedBody = z.infer<typeof RecordedBody>;

/** Who sent a request, as far as its signature established it. */
export const RecordedTpp = z
  .object({
    /** SHA-256 (hex) of the SubjectPublicKeyInfo the request was signed with: what the replay guard keys on (decision 0045). */
    keySha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta(patternText("64 lower-case hexadecimal digits")),
    /** SHA-256 (hex) of the certificate's DER. */
    certificateSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta(patternText("64 lower-case hexadecimal digits")),
    /** The certificate's organizationIdentifier (a QSealC's PSD2 authorisation number), when it has one. */
    organizationIdentifier: z.string().optional(),
    /** The certificate's subject (RFC 4514). */
    subject: z.string(),
    /**
     * Whether a verified signature established it. A refused request's TPP is the certificate it carried, unverified:
     * kept so that a TPP sees its own refused requests, never used as an identity anywhere else.
     */
    verified: z.boolean(),
  })
  .meta({ id: "RecordedTpp" });
export type RecordedTpp = z.infer<typeof RecordedTpp>;

/** One finding of the signature doctor: a code of its table and what was wrong, with the fix. */
export const RecordedDiagnosis = z.object({ code: z.string(), text: z.string() }).meta({ id: "RecordedDiagnosis" });

/** What a request changed: a payment's or basket's status moved, a resource made, the clock moved. */
export const RecordedChange = z
  .object({
    kind: z.enum(["payment", "basket", "account", "customer", "transaction", "clock", "sandbox"]),
    id: z.string().optional(),
    /** The status before, for a status change; absent when the resource is new. */
    from: z.string().optional(),
    /** The status after, or what became of it ("created", "moved", "reset"). */
    to: z.string(),
  })
  .meta({ id: "RecordedChange", description: 'What a request changed, e.g. {"kind":"payment","id":"…","from":"RCVD","to":"ACTC"}.' });
export type RecordedChange = z.infer<typeof RecordedChange>;

/** A request as the Traffic list shows it: everything but the headers and bodies. */
export const TrafficSummary = z
  .object({
    /** The record's id: time-ordered, so the newest first is the id order reversed. */
    id: z.string(),
    /** When the request arrived, real time (ISO 8601). */
    at: z.iso.datetime(),
    method: z.string(),
    /** The path, without its query. */
    path: z.string(),
    /** The query string, without its "?" (empty for none). */
    query: z.string(),
    /** The contract's id of the operation or control route; null for the server's own pages and unknown paths. */
    operation: z.string().nullable(),
    status: z.int(),
    /** How long answering took, in milliseconds. */
    ms: z.number().nonnegative(),
    tpp: RecordedTpp.nullable(),
    /** The request's X-Request-ID, as sent (null when it had none). */
    requestId: z.string().nullable(),
    /** The scenario applied (the X-Sandbox-Scenario-Applied value), or null. */
    scenario: z.string().nullable(),
    changes: z.array(RecordedChange),
    /** The doctor's codes, for a list that shows them without opening the record. */
    diagnosisCodes: z.array(z.string()),
  })
  .meta({ id: "TrafficSummary" });
export type TrafficSummary = z.infer<typeof TrafficSummary>;

/** A request and its answer, whole (within the bounds on bodies). */
export const TrafficRecord = TrafficSummary.omit({ diagnosisCodes: true })
  .extend({
    request: z.object({ headers: z.record(z.string(), z.string()), body: RecordedBody }),
    response: z.object({ headers: z.record(z.string(), z.string()), body: RecordedBody }),
    /**
     * The signature doctor's findings: why a signature was refused, or what a bank may refuse in one this sandbox
     * accepted (a headers list with capitals); empty otherwise.
     */
    diagnosis: z.array(RecordedDiagnosis),
    /** The signing string the sandbox rebuilt from the request, when it checked a signature. */
    signingString: z.string().optional(),
    /** "SHA-256=<base64>" of the body as received, when it had one. */
    bodyDigest: z.string().optional(),
  })
  .meta({ id: "TrafficRecord" });
export type TrafficRecord = z.infer<typeof TrafficRecord>;

/** A page of the traffic, newest first, and the cursor of the next (older) page, null at the end. */
export const TrafficPage = z.object({ requests: z.array(TrafficSummary), next: z.string().nullable() }).meta({ id: "TrafficPage" });
export type TrafficPage = z.infer<typeof TrafficPage>;

export const TRAFFIC_PAGE_LIMIT = { default: 50, max: 200 } as const;

/**
 * A record's id: 16 hex digits of the arrival time (epoch ms), then 8 of a counter and 4 naming the process that wrote it,
 * so ids sort by arrival and two servers on one database never make the same one.
 */
export const TRAFFIC_ID = /^[0-9a-f]{16}-[0-9a-f]{12}$/;

const fix = (name: string, text: string) => ({ error: `${name} ${text}` });

/** The filters and the page of GET /__sandbox/requests; a value outside them is refused with what to send instead. */
export const TrafficQuery = z.object({
  limit: countParameter("limit", TRAFFIC_PAGE_LIMIT, "How many requests, newest first"),
  cursor: z
    .string()
    .regex(
      TRAFFIC_ID,
      fix("cursor", "is the `next` of the page before, as it was answered (16 hex digits, a dash, 12 hex digits); leave it out for the newest page."),
    )
    .optional()
    .meta({
      description: "Where the page starts: the `next` of the page before.",
      ...patternText("a `next` as answered: 16 hex digits, a dash, 12 hex digits"),
    }),
  status: z
    .string()
    .regex(/^[1-5](xx|\d\d)$/, fix("status", "is a status class (2xx, 3xx, 4xx or 5xx) or one status such as 401."))
    .optional()
    .meta({ description: "Only answers of this status class (2xx, 4xx, 5xx) or status (401).", ...patternText("2xx, 3xx, 4xx, 5xx or a status such as 401") }),
  operation: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, fix("operation", "is an operation id of /openapi.json, such as createPayment or sandboxAccounts."))
    .optional()
    .meta({
      description: "Only requests to this operation or control route (its id in /openapi.json).",
      ...patternText("an operation id, such as createPayment"),
    }),
  tpp: z
    .string()
    .transform((value) => value.replaceAll(":", "").toLowerCase())
    .pipe(
      z
        .string()
        .regex(
          /^[0-9a-f]{64}$/,
          fix("tpp", "is the SHA-256 fingerprint of a TPP's certificate: 64 hex digits (the colons of `openssl x509 -noout -fingerprint -sha256` may stay)."),
        )
        .meta(patternText("64 hexadecimal digits, colons between pairs allowed")),
    )
    .optional()
    .meta({ description: "Only requests that carried the certificate with this SHA-256 fingerprint." }),
  since: z.iso
    .datetime({ offset: true, error: "since is an instant in ISO 8601 with its offset, such as 2026-11-27T10:00:00Z." })
    .optional()
    .meta({ description: "Only requests that arrived at or after this instant." }),
  until: z.iso
    .datetime({ offset: true, error: "until is an instant in ISO 8601 with its offset, such as 2026-11-27T11:00:00Z." })
    .optional()
    .meta({ description: "Only requests that arrived before this instant." }),
  controlReads: z.enum(["include", "exclude"], { error: "controlReads is include (the default) or exclude." }).optional().meta({
    description:
      "exclude: leave out the reads of the sandbox controls (GET under /__sandbox/: a portal's own polling), unless `operation` names one. Default include.",
  }),
});
export type TrafficQuery = z.infer<typeof TrafficQuery>;

export const TrafficIdPath = z.object({ id: z.string().min(1).max(64) });

/** The change stream's event of new traffic (`event: traffic`): the newest record's id, at most a few times a second. */
export const TrafficNews = z.object({ newest: z.string() }).meta({ id: "TrafficNews" });
export type TrafficNews = z.infer<typeof TrafficNews>;

/** One check of the client report: passed, failed (with the requests that show it) or not met in the traffic yet. */
export const ReportCheck = z
  .object({
    /** The check's id in the report's table (src/contract/report-checks.ts): stable, so a TPP's CI may name it. */
    id: z.enum(reportCheckIds),
    title: z.string(),
    status: z.enum(["pass", "fail", "untested"]),
    /** The traffic records (their ids) the status rests on: for a failure, the requests that show it. */
    evidence: z.array(z.string()),
    /** Where the rule comes from: a section of the spec ("spec 5.2"), or "this sandbox's advice". */
    source: z.string(),
    /** What the check found, in words, and what to do about a failure. */
    detail: z.string(),
  })
  .meta({ id: "ReportCheck" });
export type ReportCheck = z.infer<typeof ReportCheck>;

/** The most records a report reads: the newest this many of the client's, so a report's cost is bounded whatever the retention. */
export const REPORT_MAX_RECORDS = 10_000;

export const ClientReport = z
  .object({
    /** The client the report is about (its certificate's SHA-256, as `tpp` asked), or null for every client of the sandbox. */
    tpp: z.string().nullable(),
    /** How many recorded requests it was built from, and the oldest one's time. */
    requests: z.int().nonnegative(),
    since: z.iso.datetime().nullable(),
    /** Whether older records were left unread: a report reads the newest REPORT_MAX_RECORDS (ask with `since` for a test run's own). */
    truncated: z.boolean(),
    checks: z.array(ReportCheck),
  })
  .meta({ id: "ClientReport" });
export type ClientReport = z.infer<typeof ClientReport>;

/** Whose and which traffic a report is built from: one client's (`tpp`), from an instant on (`since`), or all. */
export const ReportQuery = TrafficQuery.pick({ tpp: true, since: true });
export type ReportQuery = z.infer<typeof ReportQuery>;
