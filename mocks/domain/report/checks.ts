/** Placeholder: replaced in the next commit by the checks. */
import { reportCheckIds, reportChecks } from "../../../src/contract/report-checks";
import type { ReportCheck } from "../../../src/contract/traffic";
import type { RequestFacts } from "./facts";

export const judgeClient = (_facts: readonly RequestFacts[]): ReportCheck[] =>
  reportCheckIds.map((id) => ({
    id,
    title: reportChecks[id].title,
    source: reportChecks[id].source,
    status: "untested",
    evidence: [],
    detail: "Not judged yet.",
  }));
