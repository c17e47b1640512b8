/**
 * What the user did, from the history, as steps a test can run again (the Playwright export and
 * the Postman "what I did" collection read it). Two things a replay needs that the record does
 * not hold as such:
 *  - ids: a replay gets new ones, so an id an earlier answer gave (a paymentId, a basketId, an
 *    account's resourceId, a transaction's id) becomes a variable in every later path and body;
 *  - what happened outside the interface: the PSU's SCA on the bank page and the batch runs are
 *    not requests of the interface, so they are inferred from the statuses read afterwards (a
 *    payment read as ACTC was approved, one read as ACSC was also booked) and done through the
 *    sandbox's control routes at that point.
 */
import { operationById, type Operation, type OperationId } from "../../contract/operations";
import { matchOperation } from "../../contract/paths";
import type { Exchange } from "../exchange";
import { bodyIdsOf } from "../code-export/own-data";
import { RUN_TIME_HEADERS } from "../code-export/request-model";

/**
 * Text with variables in it: literal parts, the names of ids an earlier answer gave, and (`own`) the values the
 * take-away's own setup makes, its dates and the ids the user fills (stand-alone-journey.ts).
 */
export type Template = readonly (string | { variable: string; own?: true })[];

export interface RequestStep {
  kind: "request";
  operationId: OperationId;
  title: string;
  method: string;
  base: "api" | "sandbox";
  path: Template;
  headers: readonly (readonly [string, string])[];
  body?: Template | undefined;
  /** The status the recorded request got, which the replay expects. */
  expectStatus: number;
  /** Ids to keep from the JSON answer: variable ← field. */
  keep: readonly { variable: string; field: string }[];
  /** Ids it names that no earlier answer of the journey gave (a path's paymentId, a basket's paymentIds): name → value. */
  ids: Readonly<Record<string, string>>;
}
export interface ScaStep {
  kind: "sca";
  subject: "payment" | "basket";
  variable: string;
  decision: "approve" | "decline";
}
export interface BatchStep {
  kind: "batch";
}
export interface SkippedStep {
  kind: "skipped";
  title: string;
  reason: string;
}
export type JourneyStep = RequestStep | ScaStep | BatchStep | SkippedStep;

/** The ids an answer gives, by operation: field of the JSON answer and the variable's stem. */
const PRODUCES: Partial<Record<OperationId, { field: string; stem: string; kind: "payment" | "basket" | "other" }>> = {
  createPayment: { field: "paymentId", stem: "payment", kind: "payment" },
  createPeriodicPayment: { field: "paymentId", stem: "periodicPayment", kind: "payment" },
  createSigningBasket: { field: "basketId", stem: "basket", kind: "basket" },
  createSandboxAccount: { field: "resourceId", stem: "account", kind: "other" },
  createSandboxTransaction: { field: "id", stem: "transaction", kind: "other" },
};
/** Statuses that say the PSU has authorised (or, RJCT without a funds check, declined). */
const BEFORE_SCA = ["RCVD", "CANC"];

interface Known {
  value: string;
  variable: string;
  kind: "payment" | "basket" | "other";
  scaDone: boolean;
  booked: boolean;
  /** For a payment put in a basket: the basket's variable (its SCA is the basket's). */
  basket?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function template(text: string, known: readonly Known[]): Template {
  if (known.length === 0 || text === "") return [text];
  const sorted = [...known].sort((a, b) => b.value.length - a.value.length);
  const pattern = new RegExp(`(?<![\\w-])(${sorted.map((k) => escapeRegExp(k.value)).join("|")})(?![\\w-])`, "g");
  const parts: (string | { variable: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index));
    parts.push({ variable: sorted.find((k) => k.value === match[0])?.variable ?? "" });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts.filter((part) => part !== "");
}

const variablesIn = (parts: Template) => parts.flatMap((part) => (typeof part === "string" ? [] : [part.variable]));

function jsonObject(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text ?? "");
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function skipReason(exchange: Exchange): string | undefined {
  if (exchange.tampered) return `changed after signing on purpose (${exchange.tampered}); a replay signs correctly, so it would not get the same answer`;
  if (!exchange.response) return `it got no answer (${exchange.error ?? "no response"})`;
  if (!exchange.operationId) return "it matches no operation of the interface";
  return undefined;
}

/** The operation the history recorded, and the path and query it was sent to, less any prefix of the base address. */
function addressOf(exchange: Exchange): { operation: Operation; target: string; params: Record<string, string> } | undefined {
  if (!exchange.operationId) return undefined;
  let url: URL;
  try {
    url = new URL(exchange.request.url);
  } catch {
    return undefined;
  }
  const operation = operationById(exchange.operationId);
  const match = matchOperation(exchange.request.method, url.pathname, { only: "interface", anyPrefix: true, keepUndecodable: true, preferred: operation.id });
  if (match.kind !== "found" || match.route.id !== operation.id) return undefined;
  return { operation, target: `${url.pathname.slice(match.prefix.length)}${url.search}`, params: match.params };
}

/** The exchanges, oldest first, as steps. */
export function recordedJourney(exchanges: readonly Exchange[]): JourneyStep[] {
  const steps: JourneyStep[] = [];
  const known: Known[] = [];
  const counters = new Map<string, number>();
  for (const exchange of [...exchanges].sort((a, b) => a.sentAt - b.sentAt)) {
    const addressed = addressOf(exchange);
    const reason = skipReason(exchange) ?? (addressed ? undefined : "its address matches no operation of the interface");
    if (reason || !addressed || !exchange.response) {
      steps.push({ kind: "skipped", title: addressed?.operation.title ?? `${exchange.request.method} ${exchange.request.url}`, reason: reason ?? "" });
      continue;
    }
    const { operation, target, params } = addressed;
    const title = operation.title;
    const response = exchange.response;
    const path = template(target, known);
    const body = exchange.request.body === undefined ? undefined : template(exchange.request.body, known);
    const answer = response.status < 300 ? jsonObject(response.body) : undefined;

    // A status read after the PSU's decision, or after a batch run: do them first.
    const status = typeof answer?.transactionStatus === "string" ? answer.transactionStatus : undefined;
    const subject = known.find((k) => variablesIn(path).includes(k.variable) && k.kind !== "other");
    if (status && subject && !BEFORE_SCA.includes(status)) {
      const authorising = subject.basket ? known.find((k) => k.variable === subject.basket) : subject;
      if (authorising && !authorising.scaDone) {
        const decision = status === "RJCT" && answer?.fundsAvailable !== false ? "decline" : "approve";
        steps.push({ kind: "sca", subject: authorising.kind === "basket" ? "basket" : "payment", variable: authorising.variable, decision });
        for (const k of known) if (k === authorising || k.basket === authorising.variable) k.scaDone = true;
      }
      if (!subject.booked && (status === "ACSC" || (status === "RJCT" && answer?.fundsAvailable === false))) {
        steps.push({ kind: "batch" });
        for (const k of known) k.booked = k.scaDone && k.kind === "payment" ? true : k.booked;
      }
    }

    const isKnown = (id: string) => known.some((k) => k.value === id);
    const ids = Object.fromEntries(Object.entries({ ...bodyIdsOf(exchange.request.body, isKnown), ...params }).filter(([, id]) => !isKnown(id)));
    const produces = response.status < 300 ? PRODUCES[operation.id] : undefined;
    const value = produces ? answer?.[produces.field] : undefined;
    const keep: { variable: string; field: string }[] = [];
    if (produces && typeof value === "string") {
      const count = (counters.get(produces.stem) ?? 0) + 1;
      counters.set(produces.stem, count);
      const variable = `${produces.stem}${String(count)}`;
      keep.push({ variable, field: produces.field });
      if (produces.kind === "basket") for (const k of known) if (body && variablesIn(body).includes(k.variable)) k.basket = variable;
      known.push({ value, variable, kind: produces.kind, scaDone: false, booked: false });
    }
    steps.push({
      kind: "request",
      operationId: operation.id,
      title,
      method: exchange.request.method,
      base: operation.base,
      path,
      headers: Object.entries(exchange.request.headers).filter(([name]) => !RUN_TIME_HEADERS.includes(name.toLowerCase())),
      body,
      expectStatus: response.status,
      keep,
      ids,
    });
  }
  return steps;
}
