/**
 * The scenario a valid, signed request meets (decision 0037-scenarios): the X-Sandbox-Scenario header's,
 * else the first rule that matches. The dispatcher asks only after the bank's own checks passed, so a
 * bad or unsigned request is refused as the bank would refuse it, scenario or not.
 */
import { tppError } from "../../src/contract/tpp-messages";
import {
  INITIATIONS,
  SCENARIO_HEADER,
  appliedMarker,
  formatOutcome,
  parseScenarioHeader,
  type OperationId,
  type ScenarioOutcome,
  type ScenarioRule,
  type ScenarioSource,
} from "../../src/contract/scenarios";
import type { PageCache } from "../env/page-cache";
import type { SandboxEnv } from "../env/sandbox-env";
import { errorAnswer, type Answer } from "../env/answer";
import { actsOn, firstMatchingRule, type RequestFacts } from "./match";

export interface Forced {
  source: ScenarioSource;
  outcome: ScenarioOutcome;
}

type Choice = { ok: true; forced?: Forced } | { ok: false; answer: Answer };

interface AccountReference {
  bban?: string | undefined;
  iban?: string | undefined;
}
interface BodyFacts {
  debtorAccount?: AccountReference;
  creditorAccount?: AccountReference;
  instructedAmount?: { amount?: string };
}

/** What a rule can match on, read from the validated headers and body. */
export function factsOf(operationId: OperationId, headers: Record<string, unknown>, body: unknown): RequestFacts {
  const named = (body ?? {}) as BodyFacts;
  const psuIds = ["PSU-ID", "X-PSU-IDENTITY"].flatMap((name) => (typeof headers[name] === "string" ? [headers[name]] : []));
  return { operationId, psuIds, debtorAccount: named.debtorAccount, creditorAccount: named.creditorAccount, amount: named.instructedAmount?.amount };
}

/** The rules as last read, by the page cache's commit count: where the cache is on, no commit means no change. */
const rulesSeen = new WeakMap<PageCache, { revision: number; rules: readonly ScenarioRule[] }>();

/**
 * The rule set, read once per commit where this process is the store's only writer (the server on
 * SQLite has a page cache): every request consults it, and a store read each cost a signed payment
 * creation a tenth of its time. Elsewhere (a tab, PostgreSQL) another writer may change it unseen: read every time.
 */
async function currentRules(env: SandboxEnv): Promise<readonly ScenarioRule[]> {
  const cache = env.pageCache;
  const seen = cache ? rulesSeen.get(cache) : undefined;
  if (cache && seen?.revision === cache.revision()) return seen.rules;
  const revision = cache?.revision();
  const rules = (await env.store.read((tx) => tx.meta("scenarioRules"), { oneStatement: true })) ?? [];
  if (cache && revision === cache.revision()) rulesSeen.set(cache, { revision, rules });
  return rules;
}

export async function chooseScenario(env: SandboxEnv, facts: RequestFacts, headerValue: string | undefined): Promise<Choice> {
  if (headerValue !== undefined) {
    const parsed = parseScenarioHeader(headerValue);
    if (!parsed.ok) return { ok: false, answer: errorAnswer([tppError("FORMAT_ERROR", parsed.problem, SCENARIO_HEADER)]) };
    if (!actsOn(parsed, facts.operationId))
      return {
        ok: false,
        answer: errorAnswer([
          tppError(
            "FORMAT_ERROR",
            `${SCENARIO_HEADER}: ${formatOutcome(parsed.outcome)} acts on the payment it creates, so it goes on ${INITIATIONS.join(" or ")}${parsed.outcome.kind === "settlement-rejected" ? " (settlement: single payments only, createPayment)" : ""}, not on ${facts.operationId}. This request changed nothing.`,
            SCENARIO_HEADER,
          ),
        ]),
      };
    return { ok: true, forced: { source: { by: "header" }, outcome: parsed.outcome } };
  }
  const rules = await currentRules(env);
  const rule = rules.length === 0 ? undefined : firstMatchingRule(rules, facts);
  return { ok: true, ...(rule ? { forced: { source: { by: "rule", ruleId: rule.id }, outcome: rule.outcome } } : {}) };
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The forced answer of an immediate outcome, or undefined to go on to the handler (after a delay has been waited
 * out: a timer, so a delayed request on the server holds up no other).
 */
export async function immediateAnswer(forced: Forced): Promise<Answer | undefined> {
  const { outcome } = forced;
  const why = `Forced by the sandbox's scenario ${appliedMarker(forced.source, outcome)}, not by a rule of the bank. This request changed nothing.`;
  switch (outcome.kind) {
    case "system-error":
      return errorAnswer([tppError("SYSTEM_ERROR", why)]);
    case "service-unavailable":
      return {
        ...errorAnswer([tppError("SERVICE_UNAVAILABLE", `The service is unavailable. ${why}`)]),
        headers: { "Retry-After": String(outcome["retry-after"]) },
      };
    case "too-many-requests":
      return errorAnswer([tppError("ACCESS_EXCEEDED", `Too many requests. ${why}`)], { "Retry-After": String(outcome["retry-after"]) });
    case "delay":
      await wait(outcome.ms);
      return undefined;
    default:
      return undefined;
  }
}
