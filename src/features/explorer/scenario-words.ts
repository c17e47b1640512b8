/** A scenario rule in words, for the explorer's list and the payment card. */
import { SETTLEMENT_REASONS, type ScenarioMatch, type ScenarioOutcome } from "../../contract/scenarios";

export function outcomeInWords(outcome: ScenarioOutcome): string {
  switch (outcome.kind) {
    case "sca-declined":
      return "SCA declined at the bank (RJCT)";
    case "sca-abandoned":
      return "SCA abandoned: no decision, RJCT when the SCA window ends";
    case "sca-expired":
      return "SCA expired at once (RJCT)";
    case "settlement-rejected":
      return `Rejected by the batch: ${outcome.reason} ${SETTLEMENT_REASONS[outcome.reason]}`;
    case "system-error":
      return "500 SYSTEM_ERROR";
    case "service-unavailable":
      return `503, Retry-After ${String(outcome["retry-after"])} s`;
    case "too-many-requests":
      return `429 ACCESS_EXCEEDED, Retry-After ${String(outcome["retry-after"])} s`;
    case "delay":
      return `Answered ${String(outcome.ms)} ms late`;
    case "hold":
      return `Held in ${outcome.status} after approval, until released`;
    case "accepted-with-change":
      return "ACWC (accepted with change) after approval, until released";
  }
}

export function matchInWords(match: ScenarioMatch): string {
  const parts = [
    match.operations ? match.operations.join(", ") : "any operation",
    match.psuId ? `PSU ${match.psuId}` : undefined,
    match.debtorAccount ? `from ${match.debtorAccount}` : undefined,
    match.creditorAccount ? `to ${match.creditorAccount}` : undefined,
    match.amount?.min !== undefined && match.amount.max !== undefined
      ? `amount ${match.amount.min} to ${match.amount.max}`
      : match.amount?.min !== undefined
        ? `amount at least ${match.amount.min}`
        : match.amount?.max !== undefined
          ? `amount at most ${match.amount.max}`
          : undefined,
  ];
  return parts.filter((part) => part !== undefined).join("; ");
}
