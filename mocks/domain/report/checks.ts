/**
 * The client report (issue 26 point 6, decision 0054): a pure function of a client's recorded requests, each check a
 * small rule of the contract's table (src/contract/report-checks.ts) judged pass, fail (with the records that show
 * it) or untested (the traffic never met the situation).
 */
import type { ReportCheckId } from "../../../src/contract/report-checks";
import type { ReportCheck } from "../../../src/contract/traffic";
import type { RequestFacts } from "./facts";
import { cancelOnlyCancellable, pagesFollowLink, rejectionHandled, scaRedirectThenStatus } from "./flow-checks";
import { requestIdUnique, retryAfterRespected, signedHeaders, statusPollRate } from "./request-checks";
import { checkOf, type Verdict } from "./verdict";

const rules: Record<ReportCheckId, (facts: readonly RequestFacts[]) => Verdict> = {
  "signed-headers": signedHeaders,
  "request-id-unique": requestIdUnique,
  "retry-after-respected": retryAfterRespected,
  "sca-redirect-then-status": scaRedirectThenStatus,
  "sca-declined-handled": rejectionHandled("sca-declined"),
  "sca-expired-handled": rejectionHandled("sca-expired"),
  "insufficient-funds-handled": rejectionHandled("insufficient-funds"),
  "pages-follow-link": pagesFollowLink,
  "cancel-only-cancellable": cancelOnlyCancellable,
  "status-poll-rate": statusPollRate,
};

/** Every check over `facts`: requests to /v1/, oldest first. */
export function judgeClient(facts: readonly RequestFacts[]): ReportCheck[] {
  return (Object.keys(rules) as ReportCheckId[]).map((id) => checkOf(id, rules[id](facts)));
}
