/**
 * GET /__sandbox/report (issue 26 point 6, decision 0054): the client report, built from the traffic record. The
 * records are read newest first a page at a time (keyset, REPORT_PAGE at once), each boiled down to the few facts the
 * checks need, so a report holds at most REPORT_MAX_RECORDS small facts and one page of whole records, whatever the
 * retention. On a hosted server the sandbox is the signing TPP's own, so its report covers only its own traffic.
 */
import { REPORT_MAX_RECORDS, type ReportQuery } from "../../src/contract/traffic";
import { factsOf, type RequestFacts } from "../domain/report/facts";
import { judgeClient } from "../domain/report/checks";
import type { SandboxEnv } from "../env/sandbox-env";
import type { Answer } from "../env/answer";
import { trafficIdAt } from "../store/traffic-rows";
import { answerWith } from "./answer";
import { notRecording } from "./traffic";

/** Whole records read at once: a page of them is at most some 4 MiB (16 KiB of request and 4 KiB of answer each). */
const REPORT_PAGE = 200;

export async function clientReport(env: SandboxEnv, query: ReportQuery): Promise<Answer> {
  if (env.traffic === undefined) return notRecording();
  const newestFirst: RequestFacts[] = [];
  let read = 0;
  let oldest: string | undefined;
  const from = query.since === undefined ? {} : { from: trafficIdAt(Date.parse(query.since)) };
  const tpp = query.tpp === undefined ? {} : { tpp: query.tpp };
  let before: string | undefined;
  let truncated = false;
  for (;;) {
    const limit = Math.min(REPORT_PAGE, REPORT_MAX_RECORDS - read);
    const page = await env.store.trafficRecords({ limit, ...from, ...tpp, ...(before === undefined ? {} : { before }) });
    read += page.records.length;
    oldest = page.records.at(-1)?.at ?? oldest;
    for (const record of page.records) {
      const facts = factsOf(record);
      if (facts) newestFirst.push(facts);
    }
    if (page.next === null) break;
    if (read >= REPORT_MAX_RECORDS) {
      truncated = true;
      break;
    }
    before = page.next;
  }
  const facts = newestFirst.reverse();
  return answerWith("sandboxReport", {
    tpp: query.tpp ?? null,
    requests: read,
    since: oldest ?? null,
    truncated,
    checks: judgeClient(facts),
  });
}
