/**
 * The client report's checks of each request on its own or of a client's requests in time (decision 0054): the
 * signature's header list, X-Request-ID, Retry-After and the rate of status reads.
 */
import { DEFAULT_RETRY_AFTER_MS, STATUS_POLL_INTERVAL_MS, TIMING_TOLERANCE_MS } from "../../../src/contract/report-checks";
import { signatureDiagnoses } from "../../../src/contract/signature-diagnoses";
import { STATUS_READS, type RequestFacts } from "./facts";
import { byClient, byResource, counted, eachOf, fail, pass, seconds, untested, type Verdict } from "./verdict";

/** The signature doctor's rule for a headers list with capitals: its fix and source, as the contract's table says them. */
const LIST_CASE = signatureDiagnoses["headers-param-not-lowercase"];

export function signedHeaders(facts: readonly RequestFacts[]): Verdict {
  if (facts.length === 0) return untested("No request to /v1/ was recorded yet.");
  const unsigned = facts.filter((fact) => fact.unsigned === null);
  const short = facts.filter((fact) => fact.unsigned !== null && fact.unsigned.length > 0);
  // Accepted here (the draft lower-cases the list), but a bank may refuse it: reported, not allowed to pass quietly.
  const capitals = facts.filter((fact) => fact.listCapitals === true);
  if (unsigned.length === 0 && short.length === 0 && capitals.length === 0)
    return pass(`All ${counted(facts.length, "request")} to /v1/ were signed with every header spec 5.4 asks for.`, facts.slice(-1));
  const left = [...new Set(short.flatMap((fact) => fact.unsigned ?? []))];
  return fail(
    [
      unsigned.length > 0 ? `${counted(unsigned.length, "request")} carried no readable Signature header.` : "",
      short.length > 0 ? `${counted(short.length, "request")} left ${left.join(", ")} out of headers=.` : "",
      short.length > 0 || unsigned.length > 0
        ? "Sign every request, and list x-request-id, digest (with a body) and psu-id, psu-corporate-id, tpp-redirect-uri and date whenever you send them."
        : "",
      capitals.length > 0 ? `${counted(capitals.length, "request")} wrote headers= with capitals. ${LIST_CASE.fix} (${LIST_CASE.source})` : "",
    ]
      .filter(Boolean)
      .join(" "),
    [...new Set([...unsigned, ...short, ...capitals])].sort((a, b) => a.at - b.at),
  );
}

export function requestIdUnique(facts: readonly RequestFacts[]): Verdict {
  if (facts.length === 0) return untested("No request to /v1/ was recorded yet.");
  const missing = facts.filter((fact) => fact.requestId === null);
  const repeated: RequestFacts[] = [];
  const examples: string[] = [];
  for (const own of byClient(facts)) {
    const first = new Map<string, RequestFacts>();
    for (const fact of own) {
      if (fact.requestId === null) continue;
      const earlier = first.get(fact.requestId);
      if (earlier === undefined) first.set(fact.requestId, fact);
      else {
        if (!repeated.includes(earlier)) repeated.push(earlier);
        repeated.push(fact);
        if (examples.length < 3 && !examples.includes(fact.requestId)) examples.push(fact.requestId);
      }
    }
  }
  if (missing.length === 0 && repeated.length === 0)
    return pass(`All ${counted(facts.length, "request")} carried an X-Request-ID of their own.`, facts.slice(-1));
  return fail(
    [
      repeated.length > 0 ? `${counted(repeated.length, "request")} reused an X-Request-ID (${examples.join(", ")}).` : "",
      missing.length > 0 ? `${counted(missing.length, "request")} carried none.` : "",
      "Send a new UUID as X-Request-ID with every request, a retry too: the bank refuses a reused one as a replay.",
    ]
      .filter(Boolean)
      .join(" "),
    [...repeated, ...missing],
  );
}

export function retryAfterRespected(facts: readonly RequestFacts[]): Verdict {
  const met: RequestFacts[] = [];
  const inside: RequestFacts[] = [];
  const causes = new Set<RequestFacts>();
  let first = "";
  for (const own of byClient(facts)) {
    let until = -Infinity;
    let cause: RequestFacts | undefined;
    for (const fact of own) {
      if (cause !== undefined && fact.at >= cause.answered && fact.at < until - TIMING_TOLERANCE_MS) {
        causes.add(cause);
        inside.push(fact);
        first ||= `sent ${seconds(fact.at - cause.answered)} after a ${String(cause.status)} that asked for ${seconds(until - cause.answered)}`;
      }
      if (fact.status === 429 || fact.status === 503) {
        met.push(fact);
        cause = fact;
        until = Math.max(until, fact.answered + (fact.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS));
      }
    }
  }
  if (met.length === 0)
    return untested("No 429 or 503 was answered yet: send X-Sandbox-Scenario: too-many-requests;retry-after=2 (or service-unavailable) once.");
  if (inside.length === 0) return pass(`After ${eachOf(met.length, "429 or 503 answer")}, the next request waited as Retry-After asked.`, met);
  return fail(
    `${counted(inside.length, "request")} came inside a Retry-After window (the first ${first}). ` +
      "Wait the seconds Retry-After names (from when the answer came) before sending the next request, with a back-off.",
    [...causes, ...inside].sort((a, b) => a.at - b.at),
  );
}

export function statusPollRate(facts: readonly RequestFacts[]): Verdict {
  const soon: RequestFacts[] = [];
  let pairs = 0;
  let quickest = Infinity;
  for (const about of byResource(facts)) {
    const reads = about.filter((fact) => fact.operation !== null && STATUS_READS.has(fact.operation));
    for (let index = 1; index < reads.length; index++) {
      const [before, after] = [reads[index - 1], reads[index]];
      if (before === undefined || after === undefined) continue;
      pairs++;
      const gap = after.at - before.answered;
      if (gap >= STATUS_POLL_INTERVAL_MS - TIMING_TOLERANCE_MS) continue;
      quickest = Math.min(quickest, gap);
      if (!soon.includes(before)) soon.push(before);
      soon.push(after);
    }
  }
  if (pairs === 0) return untested("No payment's or basket's status was read twice yet.");
  if (soon.length === 0) return pass(`${counted(pairs, "repeated status read")}, each at least ${seconds(STATUS_POLL_INTERVAL_MS)} after the one before.`);
  return fail(
    `Status reads of one payment came ${seconds(Math.max(0, quickest))} apart (at least ${seconds(STATUS_POLL_INTERVAL_MS)} is asked). ` +
      "Poll a status at most once a second, better with a growing interval, and stop at a final status.",
    soon,
  );
}
