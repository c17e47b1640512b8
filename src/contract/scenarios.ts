/**
 * Scenarios (issue 12): outcomes a TPP's tests force on the sandbox, by a sandbox-only request header
 * or by rules kept with the sandbox. One vocabulary for both: an outcome's `kind` is the header's token
 * and its fields are the header's parameters (`settlement-rejected;reason=AC04`). Every answer an outcome
 * forced carries SCENARIO_APPLIED_HEADER, so nobody mistakes it for a rule of the bank (decision 0037-scenarios).
 */
import { operations, type OperationId } from "./operations";
import { patternText } from "./pattern-text";
import { freeText } from "./primitives";
import { z } from "./zod";

/** The request header that forces an outcome on this one request. Not part of the interface. */
export const SCENARIO_HEADER = "X-Sandbox-Scenario";
/** The response header on every forced answer: which rule (or the header) forced what. */
export const SCENARIO_APPLIED_HEADER = "X-Sandbox-Scenario-Applied";

export const SCENARIO_LIMITS = { maxRules: 50, maxDelayMs: 30_000, maxRetryAfterSeconds: 3600, maxLabel: 80 } as const;

/** ISO 20022 status reasons a forced settlement rejection can give; AM04 is the lack of funds (fundsAvailable false). */
export const SETTLEMENT_REASONS = {
  AM04: "Insufficient funds",
  AC04: "Closed account number",
  AC06: "Blocked account",
  AG01: "Transaction forbidden on this account",
  MS03: "Reason not specified",
} as const;
export type SettlementReason = keyof typeof SETTLEMENT_REASONS;

const retryAfter = z
  .int({ error: "retry-after is a whole number of seconds." })
  .min(0)
  .max(SCENARIO_LIMITS.maxRetryAfterSeconds, { error: `retry-after is 0 to ${String(SCENARIO_LIMITS.maxRetryAfterSeconds)} seconds.` })
  .meta({ description: "Seconds, sent as Retry-After." });

export const ScenarioOutcome = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("sca-declined") }).meta({ description: "The PSU declines SCA at the bank page, whatever is clicked: RJCT." }),
  z
    .strictObject({ kind: z.literal("sca-abandoned") })
    .meta({ description: "The PSU leaves the bank page: no decision can be made; RJCT when the SCA window ends." }),
  z.strictObject({ kind: z.literal("sca-expired") }).meta({ description: "The SCA window has ended at once: RJCT, deciding answers 401 SCA_EXPIRED." }),
  z
    .strictObject({ kind: z.literal("settlement-rejected"), reason: z.enum(Object.keys(SETTLEMENT_REASONS) as [SettlementReason, ...SettlementReason[]]) })
    .meta({ description: "The batch rejects it (RJCT) with this ISO 20022 reason; AM04 is insufficient funds (fundsAvailable false)." }),
  z.strictObject({ kind: z.literal("system-error") }).meta({ description: "500 SYSTEM_ERROR; the request changes nothing." }),
  z
    .strictObject({ kind: z.literal("service-unavailable"), "retry-after": retryAfter })
    .meta({ description: "503 with Retry-After; the request changes nothing." }),
  z
    .strictObject({ kind: z.literal("too-many-requests"), "retry-after": retryAfter })
    .meta({ description: "429 ACCESS_EXCEEDED with Retry-After; the request changes nothing." }),
  z
    .strictObject({
      kind: z.literal("delay"),
      ms: z
        .int({ error: "ms is a whole number of milliseconds." })
        .min(1)
        .max(SCENARIO_LIMITS.maxDelayMs, { error: `A delay is 1 to ${String(SCENARIO_LIMITS.maxDelayMs)} ms.` }),
    })
    .meta({ description: "The answer comes this many milliseconds late, otherwise as usual." }),
  z
    .strictObject({ kind: z.literal("hold"), status: z.enum(["ACSP", "PDNG"]) })
    .meta({ description: "After SCA approval the payment rests in this status, never booked, until released in the control API." }),
  z
    .strictObject({ kind: z.literal("accepted-with-change") })
    .meta({ description: "After SCA approval the payment is ACWC (accepted with change) until released." }),
]);
export type ScenarioOutcome = z.infer<typeof ScenarioOutcome>;
export type ScenarioKind = ScenarioOutcome["kind"];

/** Outcomes answered at once, on any operation; the others are remembered on the payment an initiation creates. */
export const IMMEDIATE_KINDS = ["system-error", "service-unavailable", "too-many-requests", "delay"] as const satisfies readonly ScenarioKind[];
export const isImmediate = (outcome: ScenarioOutcome): outcome is Extract<ScenarioOutcome, { kind: (typeof IMMEDIATE_KINDS)[number] }> =>
  (IMMEDIATE_KINDS as readonly string[]).includes(outcome.kind);
/** The operations a later outcome can act on: the initiations. */
export const INITIATIONS = ["createPayment", "createPeriodicPayment"] as const satisfies readonly OperationId[];
/** Outcomes that only a single payment can meet (periodic payments are never booked). */
export const SINGLE_ONLY_KINDS: readonly ScenarioKind[] = ["settlement-rejected"];

/** An outcome as the header writes it: `kind;param=value`. */
export function formatOutcome(outcome: ScenarioOutcome): string {
  const params = Object.entries(outcome).filter(([key]) => key !== "kind");
  return [outcome.kind, ...params.map(([key, value]) => `${key}=${String(value)}`)].join(";");
}

export type ParsedScenario = { ok: true; outcome: ScenarioOutcome } | { ok: false; problem: string };

/** `kind[;name=value]…`, names and kinds case-insensitive; the header's one grammar, used by the sandbox and the portal. */
export function parseScenarioHeader(value: string): ParsedScenario {
  const [head = "", ...parts] = value.split(";").map((part) => part.trim());
  const kind = head.toLowerCase();
  const known = ScenarioOutcome.options.map((option) => option.shape.kind.value);
  if (!(known as string[]).includes(kind))
    return { ok: false, problem: `${SCENARIO_HEADER} names no scenario ${JSON.stringify(head)}; the scenarios are ${known.join(", ")}.` };
  const candidate: Record<string, unknown> = { kind };
  for (const part of parts) {
    const match = /^([a-z-]+)\s*=\s*(\S+)$/i.exec(part);
    if (!match?.[1] || match[2] === undefined) return { ok: false, problem: `${SCENARIO_HEADER}: ${JSON.stringify(part)} is not name=value.` };
    const name = match[1].toLowerCase();
    const raw = match[2];
    candidate[name] = /^\d+$/.test(raw) && name !== "reason" && name !== "status" ? Number(raw) : raw.toUpperCase();
  }
  const parsed = ScenarioOutcome.safeParse(candidate);
  if (parsed.success) return { ok: true, outcome: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  return {
    ok: false,
    problem: `${SCENARIO_HEADER} ${JSON.stringify(value)}: ${where}${issue?.message ?? "not a scenario"} (write it as ${examplesOf(kind)}).`,
  };
}

const HEADER_EXAMPLES: Record<ScenarioKind, string> = {
  "sca-declined": "sca-declined",
  "sca-abandoned": "sca-abandoned",
  "sca-expired": "sca-expired",
  "settlement-rejected": "settlement-rejected;reason=AM04",
  "system-error": "system-error",
  "service-unavailable": "service-unavailable;retry-after=30",
  "too-many-requests": "too-many-requests;retry-after=10",
  delay: "delay;ms=2000",
  hold: "hold;status=ACSP",
  "accepted-with-change": "accepted-with-change",
};
const examplesOf = (kind: string) => (kind in HEADER_EXAMPLES ? HEADER_EXAMPLES[kind as ScenarioKind] : Object.values(HEADER_EXAMPLES).join(", "));
/** One example of every scenario, as the header writes it: the OpenAPI extension and the portal offer them. */
export const scenarioHeaderExamples = Object.values(HEADER_EXAMPLES);

const operationIds = operations.map((operation) => operation.id) as [OperationId, ...OperationId[]];
const decimalAmount = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,5})?$/, { error: "An amount is digits with an optional decimal point, such as 100 or 99.50." })
  .meta(patternText("an amount: 1 to 15 digits, optionally a point and 1 to 5 decimals"));

export const ScenarioMatch = z
  .strictObject({
    operations: z.array(z.enum(operationIds)).min(1).max(operationIds.length).optional().meta({ description: "Operation ids; any if left out." }),
    psuId: freeText(64).min(1).optional().meta({ description: "The PSU-ID header, or the X-PSU-IDENTITY header, of the request." }),
    debtorAccount: freeText(34).min(1).optional().meta({ description: "The body's debtor account: a BBAN or IBAN." }),
    creditorAccount: freeText(34).min(1).optional().meta({ description: "The body's creditor account: a BBAN or IBAN." }),
    amount: z
      .strictObject({ min: decimalAmount.optional(), max: decimalAmount.optional() })
      .optional()
      .meta({ description: "The body's instructed amount, within these bounds (inclusive)." }),
  })
  .meta({ description: "What a request must be for the rule to fire; every criterion given must hold." });
export type ScenarioMatch = z.infer<typeof ScenarioMatch>;

export const ScenarioRuleId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "A rule id is 1 to 40 letters, digits, - or _." })
  .meta({ description: "Named in the marker header of every answer the rule forces.", ...patternText("1 to 40 letters, digits, - or _") });

export const ScenarioRule = z.strictObject({
  id: ScenarioRuleId,
  label: freeText(SCENARIO_LIMITS.maxLabel).optional(),
  enabled: z.boolean(),
  match: ScenarioMatch,
  outcome: ScenarioOutcome,
});
export type ScenarioRule = z.infer<typeof ScenarioRule>;

const uniqueIds = (rules: { id?: string | undefined }[]) => {
  const ids = rules.flatMap((rule) => (rule.id === undefined ? [] : [rule.id]));
  return new Set(ids).size === ids.length;
};

export const ScenarioRules = z
  .array(ScenarioRule)
  .max(SCENARIO_LIMITS.maxRules, { error: `At most ${String(SCENARIO_LIMITS.maxRules)} rules.` })
  .refine(uniqueIds, { error: "Two rules have the same id." });

/** The rule set as PUT takes it: a rule without an id gets one. The first enabled rule that matches fires. */
export const ScenarioRulesBody = z.strictObject({
  rules: z
    .array(ScenarioRule.extend({ id: ScenarioRuleId.optional() }))
    .max(SCENARIO_LIMITS.maxRules, { error: `At most ${String(SCENARIO_LIMITS.maxRules)} rules.` })
    .refine(uniqueIds, { error: "Two rules have the same id." }),
});
export const ScenarioRuleSet = z.object({ rules: ScenarioRules });
export type ScenarioRuleSet = z.infer<typeof ScenarioRuleSet>;

/** What forced an outcome, as the marker header and the payment record say it. */
export const ScenarioSource = z.discriminatedUnion("by", [z.object({ by: z.literal("header") }), z.object({ by: z.literal("rule"), ruleId: z.string() })]);
export type ScenarioSource = z.infer<typeof ScenarioSource>;

/** A later outcome remembered on the payment an initiation created. */
export const PaymentScenario = z.object({
  source: ScenarioSource,
  outcome: ScenarioOutcome,
  /** Set when a held (or ACWC) payment was released in the control API. */
  releasedAt: z.number().int().nonnegative().optional(),
});
export type PaymentScenario = z.infer<typeof PaymentScenario>;

/** The marker header's value: `rule <id> (<outcome>)` or `header (<outcome>)`. */
export const appliedMarker = (source: ScenarioSource, outcome: ScenarioOutcome): string =>
  `${source.by === "rule" ? `rule ${source.ruleId}` : "header"} (${formatOutcome(outcome)})`;

export type { OperationId };

/** The marker among an answer's headers (any case), as the history and the inspector show it. */
export const appliedScenarioOf = (headers: Record<string, string>): string | undefined =>
  Object.entries(headers).find(([name]) => name.toLowerCase() === SCENARIO_APPLIED_HEADER.toLowerCase())?.[1];
