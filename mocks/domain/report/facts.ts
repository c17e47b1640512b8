/**
 * What the client report's checks read off a traffic record (decision 0054): a few small facts per request to the
 * interface, so a report over thousands of records holds none of their headers or bodies. Records are the sandbox's
 * memory of its inputs (src/contract/traffic.ts); an answer's body cut at the recording's bound reads as unknown.
 */
import { CANCELLABLE_STATUSES } from "../../../src/contract/codes";
import type { RejectionCause } from "../../../src/contract/control-schemas";
import { matchOperation } from "../../../src/contract/paths";
import type { TrafficRecord } from "../../../src/contract/traffic";
import { headerValue } from "../../../src/signing/headers";
import { parseSignatureHeader } from "../../../src/signing/signature-header";
import { BERLIN_GROUP_POLICY, isCarried } from "../../../src/signing/signed-header-policy";
import { causeSaid } from "../rejection-reasons";

export interface RequestFacts {
  /** The record's id: what a check cites as evidence. */
  id: string;
  /** When the request arrived, and when its answer left (epoch ms, real time). */
  at: number;
  answered: number;
  /** The client: its certificate's SHA-256, or "unsigned". */
  client: string;
  method: string;
  operation: string | null;
  status: number;
  requestId: string | null;
  /** The required headers the signature left out; null when the request carried no readable Signature. */
  unsigned: string[] | null;
  /** Whether the signature's headers parameter was written with capitals (the draft asks for lower case). */
  listCapitals?: true;
  /** After a 429 or 503: how long the answer asked the client to wait, in ms. */
  retryAfterMs?: number;
  /** The payment or basket the request made or is about. */
  resource?: string;
  /** The transactionStatus the answer gave. */
  answeredStatus?: string;
  /** Why the answer says the payment is RJCT. */
  rejection?: RejectionCause;
  /** Whether the answer gave a scaRedirect link. */
  scaRedirect: boolean;
  /** A transaction list's query as sent (its parameters sorted), and the pages its Link header offered. */
  page?: string;
  linked?: string[];
  /** Whether a DELETE was refused for the resource's status (409 CONFLICT). */
  cancelRefused: boolean;
}

export const READS: ReadonlySet<string> = new Set([
  "getPayment",
  "getPaymentStatus",
  "getPeriodicPayment",
  "getPeriodicPaymentStatus",
  "getSigningBasket",
  "getSigningBasketStatus",
]);
export const STATUS_READS: ReadonlySet<string> = new Set(["getPaymentStatus", "getPeriodicPaymentStatus", "getSigningBasketStatus"]);
export const INITIATIONS: ReadonlySet<string> = new Set(["createPayment", "createPeriodicPayment", "createSigningBasket"]);
export const DELETES: ReadonlySet<string> = new Set(["deletePayment", "deletePeriodicPayment", "deleteSigningBasket"]);
export const isCancellableStatus = (status: string | undefined) => status !== undefined && (CANCELLABLE_STATUSES as readonly string[]).includes(status);

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json | undefined => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined);
const stringOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The answer's JSON object, or undefined when it is none, not an object, or was cut at the recording's bound. */
function answerJson(record: TrafficRecord): Json | undefined {
  const body = record.response.body;
  if (body.bytes === 0 || body.keptBytes < body.bytes) return undefined;
  try {
    return objectOf(JSON.parse(body.text));
  } catch {
    return undefined;
  }
}

/**
 * The required headers a request's signature did not list (spec 5.4), or null when it had no readable Signature; and
 * whether its list was written with capitals.
 */
function signedListOf(record: TrafficRecord): Pick<RequestFacts, "unsigned" | "listCapitals"> {
  const raw = headerValue(record.request.headers, "signature");
  const parsed = raw === undefined ? undefined : parseSignatureHeader(raw);
  if (!parsed?.ok) return { unsigned: null };
  const signed = new Set(parsed.value.headers.map((name) => name.toLowerCase()));
  const request = { headers: record.request.headers, body: record.request.body.bytes > 0 ? " " : undefined };
  const unsigned = [...BERLIN_GROUP_POLICY.always, ...BERLIN_GROUP_POLICY.whenPresent].filter(
    (name) => !signed.has(name) && (BERLIN_GROUP_POLICY.always.includes(name) || isCarried(name, request)),
  );
  return parsed.value.headersAsWritten.some((name) => /[A-Z]/.test(name)) ? { unsigned, listCapitals: true } : { unsigned };
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from the answer. */
function retryAfterMs(record: TrafficRecord, answered: number): number | undefined {
  const value = headerValue(record.response.headers, "retry-after");
  if (value === undefined) return undefined;
  if (/^\d{1,9}$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - answered);
}

/** A page's address as a comparable key: its path and its parameters sorted. */
export function pageKey(path: string, query: string): string {
  const params = new URLSearchParams(query);
  params.sort();
  return `${path}?${params.toString()}`;
}

/** The targets of a Link header (RFC 8288), as page keys. */
function linkedPages(value: string | undefined): string[] {
  if (value === undefined) return [];
  return [...value.matchAll(/<([^>]*)>/g)].flatMap((match) => {
    try {
      const url = new URL(match[1] ?? "", "http://sandbox.invalid");
      return [pageKey(url.pathname, url.search.slice(1))];
    } catch {
      return [];
    }
  });
}

/** The facts of a request to the bank's interface (/v1/); undefined for the controls, the bank page and the rest. */
export function factsOf(record: TrafficRecord): RequestFacts | undefined {
  if (!record.path.startsWith("/v1/")) return undefined;
  const at = Date.parse(record.at);
  const answered = at + record.ms;
  const json = answerJson(record);
  const match = matchOperation(record.method, record.path, { only: "interface", ...(record.operation ? { preferred: record.operation } : {}) });
  const params = match.kind === "found" ? match.params : {};
  const operation = record.operation ?? "";
  const resource = INITIATIONS.has(operation) ? (stringOf(json?.paymentId) ?? stringOf(json?.basketId)) : (params.paymentId ?? params.basketId);
  const answeredStatus = stringOf(json?.transactionStatus);
  const messages = Array.isArray(json?.tppMessages) ? json.tppMessages.map(objectOf) : [];
  const codes = messages.map((message) => stringOf(message?.code));
  const rejection =
    answeredStatus === "RJCT" ? causeSaid({ codes, psuMessage: stringOf(json?.psuMessage), fundsAvailable: json?.fundsAvailable === false }) : undefined;
  const retry = record.status === 429 || record.status === 503 ? retryAfterMs(record, answered) : undefined;
  const list = operation === "listSandboxTransactions";
  return {
    id: record.id,
    at,
    answered,
    client: record.tpp?.certificateSha256 ?? "unsigned",
    method: record.method,
    operation: record.operation,
    status: record.status,
    requestId: record.requestId,
    ...signedListOf(record),
    ...(retry === undefined ? {} : { retryAfterMs: retry }),
    ...(resource === undefined ? {} : { resource }),
    ...(answeredStatus === undefined ? {} : { answeredStatus }),
    ...(rejection === undefined ? {} : { rejection }),
    scaRedirect: objectOf(objectOf(json?._links)?.scaRedirect) !== undefined,
    ...(list ? { page: pageKey(record.path, record.query), linked: linkedPages(headerValue(record.response.headers, "link")) } : {}),
    cancelRefused: DELETES.has(operation) && record.status === 409 && codes.includes("CONFLICT"),
  };
}
