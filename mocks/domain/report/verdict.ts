/** How a check of the client report answers (decision 0054): its status, the records it rests on (at most a few), in words. */
import { reportChecks, type ReportCheckId } from "../../../src/contract/report-checks";
import type { ReportCheck } from "../../../src/contract/traffic";
import type { RequestFacts } from "./facts";

/** The most records a check cites: enough to open the first few, never a report the size of the traffic. */
export const MAX_EVIDENCE = 20;

export type Verdict = Pick<ReportCheck, "status" | "evidence" | "detail">;

const ids = (facts: readonly RequestFacts[]) => [...new Set(facts.map((fact) => fact.id))].slice(0, MAX_EVIDENCE);

export const pass = (detail: string, evidence: readonly RequestFacts[] = []): Verdict => ({ status: "pass", evidence: ids(evidence), detail });
export const fail = (detail: string, evidence: readonly RequestFacts[]): Verdict => ({ status: "fail", evidence: ids(evidence), detail });
export const untested = (detail: string): Verdict => ({ status: "untested", evidence: [], detail });

export const checkOf = (id: ReportCheckId, verdict: Verdict): ReportCheck => ({
  id,
  title: reportChecks[id].title,
  source: reportChecks[id].source,
  ...verdict,
});

/** "1 request", "3 requests". */
export const counted = (count: number, noun: string): string => `${String(count)} ${noun}${count === 1 ? "" : "s"}`;

/** "each of the 3 answers", "the one answer": what a sentence says of every one of the things counted. */
export const eachOf = (count: number, noun: string): string => (count === 1 ? `the one ${noun}` : `each of the ${counted(count, noun)}`);

/** Seconds as a detail says them: "3.2 s". */
export const seconds = (ms: number): string => `${(Math.round(ms / 100) / 10).toFixed(1)} s`;

/** Each client's facts, oldest first: the rules hold per client (one back end's retry is not another's). */
export function byClient(facts: readonly RequestFacts[]): RequestFacts[][] {
  const clients = new Map<string, RequestFacts[]>();
  for (const fact of facts) {
    const own = clients.get(fact.client);
    if (own) own.push(fact);
    else clients.set(fact.client, [fact]);
  }
  return [...clients.values()];
}

/** Each client's requests about each payment or basket, oldest first. */
export function byResource(facts: readonly RequestFacts[]): RequestFacts[][] {
  const resources = new Map<string, RequestFacts[]>();
  for (const fact of facts) {
    if (fact.resource === undefined) continue;
    const key = `${fact.client} ${fact.resource}`;
    const own = resources.get(key);
    if (own) own.push(fact);
    else resources.set(key, [fact]);
  }
  return [...resources.values()];
}
