/**
 * Which scenario rule fires for a request (decision 0037-scenarios): the first enabled rule, in the
 * stored order, whose every criterion holds. Pure: the dispatcher gives it the request's facts.
 */
import { bbanOf } from "../../src/contract/account-numbers";
import { INITIATIONS, isImmediate, SINGLE_ONLY_KINDS, type OperationId, type ScenarioMatch, type ScenarioRule } from "../../src/contract/scenarios";

export interface RequestFacts {
  operationId: OperationId;
  /** PSU-ID and X-PSU-IDENTITY, when the request has them. */
  psuIds: string[];
  debtorAccount?: { bban?: string | undefined; iban?: string | undefined } | undefined;
  creditorAccount?: { bban?: string | undefined; iban?: string | undefined } | undefined;
  amount?: string | undefined;
}

/** An account as a rule names it (BBAN or IBAN, spaces and dots allowed) and as a body does, compared by BBAN. */
const accountKey = (text: string): string => {
  const compact = text.replace(/[\s.]/g, "").toUpperCase();
  return bbanOf(/^[A-Z]{2}/.test(compact) ? { iban: compact } : { bban: compact }) ?? compact;
};
const bodyAccountKey = (reference: { bban?: string | undefined; iban?: string | undefined }): string | undefined =>
  (reference.bban ?? reference.iban) ? accountKey(reference.bban ?? reference.iban ?? "") : undefined;

/** a − b in sign only, for decimal strings of digits with an optional fraction: exact, with no floating point. */
export function compareDecimal(a: string, b: string): number {
  const [aWhole = "0", aFraction = ""] = a.split(".");
  const [bWhole = "0", bFraction = ""] = b.split(".");
  const width = Math.max(aFraction.length, bFraction.length);
  const scaled = (whole: string, fraction: string) => BigInt(whole + fraction.padEnd(width, "0"));
  const difference = scaled(aWhole, aFraction) - scaled(bWhole, bFraction);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

function holds(match: ScenarioMatch, facts: RequestFacts): boolean {
  if (match.operations && !match.operations.includes(facts.operationId)) return false;
  if (match.psuId !== undefined && !facts.psuIds.includes(match.psuId)) return false;
  for (const [criterion, reference] of [
    [match.debtorAccount, facts.debtorAccount],
    [match.creditorAccount, facts.creditorAccount],
  ] as const) {
    if (criterion === undefined) continue;
    if (!reference || bodyAccountKey(reference) !== accountKey(criterion)) return false;
  }
  if (match.amount) {
    if (facts.amount === undefined || !/^\d+(\.\d+)?$/.test(facts.amount)) return false;
    if (match.amount.min !== undefined && compareDecimal(facts.amount, match.amount.min) < 0) return false;
    if (match.amount.max !== undefined && compareDecimal(facts.amount, match.amount.max) > 0) return false;
  }
  return true;
}

/** Whether an outcome can act on this operation: the immediate ones on any, the later ones on the initiations that can meet them. */
export function actsOn(rule: Pick<ScenarioRule, "outcome">, operationId: OperationId): boolean {
  if (isImmediate(rule.outcome)) return true;
  if (!(INITIATIONS as readonly string[]).includes(operationId)) return false;
  return operationId === "createPayment" || !SINGLE_ONLY_KINDS.includes(rule.outcome.kind);
}

export const firstMatchingRule = (rules: readonly ScenarioRule[], facts: RequestFacts): ScenarioRule | undefined =>
  rules.find((rule) => rule.enabled && actsOn(rule, facts.operationId) && holds(rule.match, facts));
