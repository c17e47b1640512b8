/** How the client report reads in the Traffic view: its tally and when each piece of evidence arrived. */
import { formatOslo } from "../../contract/oslo-time";
import type { ClientReport } from "../../contract/traffic";
import { countOf } from "../../lib/words";

/** "3 pass, 1 fails, 6 untested": the checklist in a line (also what the live region says when it changes). */
export function tally(checks: ClientReport["checks"]): string {
  const count = (status: "pass" | "fail" | "untested") => checks.filter((check) => check.status === status).length;
  const failed = count("fail");
  return `${String(count("pass"))} pass, ${String(failed)} ${failed === 1 ? "fails" : "fail"}, ${String(count("untested"))} untested`;
}

/** What the report was built from, in words. */
export function basisText(report: Pick<ClientReport, "requests" | "since" | "truncated">): string {
  if (report.requests === 0) return "No recorded request yet: every check is untested.";
  const since = report.since === null ? "" : ` since ${formatOslo(report.since)} (Oslo, real time)`;
  const cut = report.truncated ? " The oldest were left out: narrow it with a TPP or a From time for one test run." : "";
  return `Built from ${countOf(report.requests, "recorded request")}${since}.${cut}`;
}

/** When a record arrived, from its id (16 hex digits of epoch milliseconds first), in Oslo time; undefined for another id. */
export function arrivalOf(id: string): string | undefined {
  const match = /^([0-9a-f]{16})-[0-9a-f]{12}$/.exec(id);
  return match?.[1] === undefined ? undefined : formatOslo(Number.parseInt(match[1], 16));
}
