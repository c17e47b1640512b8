/**
 * What a TPP reads first in an answer, taken out of it for the console's answer panel: the status,
 * the id of what was made or read, its transactionStatus, Retry-After, a scenario that forced it.
 */
import { appliedScenarioOf } from "../../contract/scenarios";
import type { WireResponse } from "../../lib/exchange";
import { reasonPhrase } from "../../lib/http-status";

/** The ids an answer names, in the order they are looked for: the resource it is about comes first. */
const ID_FIELDS = ["paymentId", "basketId", "resourceId", "transactionId"] as const;

export interface AnswerFacts {
  status: number;
  reason: string;
  id?: { name: string; value: string };
  transactionStatus?: string;
  retryAfter?: string;
  forcedBy?: string;
}

const headerOf = (headers: Record<string, string>, name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

export function answerFacts(response: WireResponse): AnswerFacts {
  const body = parse(response.body);
  const record = (body !== null && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const idName = ID_FIELDS.find((name) => typeof record[name] === "string");
  const status = record.transactionStatus;
  const retryAfter = headerOf(response.headers, "retry-after");
  const forcedBy = appliedScenarioOf(response.headers);
  return {
    status: response.status,
    reason: reasonPhrase(response.status, response.statusText),
    ...(idName ? { id: { name: idName, value: String(record[idName]) } } : {}),
    ...(typeof status === "string" ? { transactionStatus: status } : {}),
    ...(retryAfter === undefined ? {} : { retryAfter }),
    ...(forcedBy === undefined ? {} : { forcedBy }),
  };
}
