/**
 * The client report's checks of a client's flows (decision 0054): a payment or basket from its initiation through the
 * SCA redirect to its status, a rejection met and treated as final, transaction pages followed by their links, and
 * cancellations sent only where they can succeed.
 */
import type { RejectionCause } from "../../../src/contract/control-schemas";
import { DELETES, INITIATIONS, READS, isCancellableStatus, type RequestFacts } from "./facts";
import { byClient, byResource, counted, fail, pass, untested, type Verdict } from "./verdict";

const isRead = (fact: RequestFacts) => fact.operation !== null && READS.has(fact.operation);
const isDelete = (fact: RequestFacts) => fact.operation !== null && DELETES.has(fact.operation);

export function scaRedirectThenStatus(facts: readonly RequestFacts[]): Verdict {
  const initiated: RequestFacts[] = [];
  const unread: RequestFacts[] = [];
  for (const about of byResource(facts)) {
    const start = about.findIndex((fact) => fact.operation !== null && INITIATIONS.has(fact.operation) && fact.scaRedirect);
    const initiation = about[start];
    if (initiation === undefined) continue;
    initiated.push(initiation);
    if (!about.slice(start + 1).some(isRead)) unread.push(initiation);
  }
  if (initiated.length === 0) return untested("No initiation answered with a scaRedirect link was recorded yet.");
  if (unread.length === 0)
    return pass(
      `${initiated.length === 1 ? "The one initiation" : `Each of the ${counted(initiated.length, "initiation")}`} had its status read after the SCA redirect.`,
      initiated,
    );
  return fail(
    `${counted(unread.length, "initiation")} never had ${unread.length === 1 ? "its" : "their"} status read afterwards. When the PSU comes back to your TPP-Redirect-URI ` +
      "(approved or not), read GET …/{paymentId}/status: the redirect says the PSU is back, only the status says what became of the payment.",
    unread,
  );
}

const HOW_TO_MEET: Record<Exclude<RejectionCause, "settlement-rejected">, string> = {
  "sca-declined": "initiate with X-Sandbox-Scenario: sca-declined (or press Decline on the bank page) and read the status",
  "sca-expired": "initiate with X-Sandbox-Scenario: sca-expired (or let the SCA window pass) and read the status",
  "insufficient-funds": "initiate with X-Sandbox-Scenario: settlement-rejected;reason=AM04, approve it, run the batch and read the status",
};
const SAID: Record<Exclude<RejectionCause, "settlement-rejected">, string> = {
  "sca-declined": "an SCA the PSU declined",
  "sca-expired": "an SCA that expired",
  "insufficient-funds": "insufficient funds (fundsAvailable false)",
};

/**
 * Met: the client read a payment RJCT for `cause`. Handled: it then treated RJCT as final: at most one more read of
 * that payment (to show it, say) and no DELETE. A client that keeps polling a rejected payment, or tries to cancel it,
 * has not understood the answer.
 */
export function rejectionHandled(cause: Exclude<RejectionCause, "settlement-rejected">) {
  return (facts: readonly RequestFacts[]): Verdict => {
    const met: RequestFacts[] = [];
    const unhandled: RequestFacts[] = [];
    for (const about of byResource(facts)) {
      const at = about.findIndex((fact) => fact.rejection === cause);
      const rejected = about[at];
      if (rejected === undefined) continue;
      met.push(rejected);
      const after = about.slice(at + 1);
      const deletes = after.filter(isDelete);
      const reads = after.filter(isRead);
      if (deletes.length > 0 || reads.length > 1) unhandled.push(rejected, ...deletes, ...reads.slice(1));
    }
    if (met.length === 0) return untested(`No payment rejected for ${SAID[cause]} was read yet: ${HOW_TO_MEET[cause]}.`);
    if (unhandled.length === 0) return pass(`${counted(met.length, "payment")} read RJCT for ${SAID[cause]}, each then left alone as final.`, met);
    return fail(
      `After reading RJCT for ${SAID[cause]}, the client went on asking about the payment (reads again, or a DELETE). ` +
        "RJCT is final: tell the PSU why (the answer's psuMessage), stop polling, and start a new payment if the PSU wants one.",
      unhandled,
    );
  };
}

export function pagesFollowLink(facts: readonly RequestFacts[]): Verdict {
  const followed: RequestFacts[] = [];
  const unlinked: RequestFacts[] = [];
  let offered = false;
  for (const own of byClient(facts)) {
    const linked = new Set<string>();
    for (const fact of own) {
      if (fact.page === undefined) continue;
      const further = /[?&](offset=(?!0(&|$))|after=|before=)/.test(fact.page);
      if (further) (linked.has(fact.page) ? followed : unlinked).push(fact);
      for (const link of fact.linked ?? []) linked.add(link);
      offered ||= (fact.linked ?? []).some((link) => /[?&]after=/.test(link));
    }
  }
  if (followed.length === 0 && unlinked.length === 0)
    return untested(
      offered
        ? "A transaction list answered a next link, but no further page was asked for yet."
        : "No transaction list had a second page yet: list an account's transactions with ?limit=2 and follow the Link header's next.",
    );
  if (unlinked.length === 0) return pass(`${counted(followed.length, "further page")} asked for by a link the sandbox gave.`, followed);
  return fail(
    `${counted(unlinked.length, "further page")} asked for with an address no Link header gave (an offset counted by the client, say). ` +
      'Follow the Link header\'s rel="next" as given: its cursor never skips or repeats a transaction while new ones are booked.',
    unlinked,
  );
}

export function cancelOnlyCancellable(facts: readonly RequestFacts[]): Verdict {
  const tried: RequestFacts[] = [];
  const hopeless: RequestFacts[] = [];
  for (const about of byResource(facts)) {
    let known: string | undefined;
    for (const fact of about) {
      if (isDelete(fact)) {
        tried.push(fact);
        if (fact.cancelRefused || (known !== undefined && !isCancellableStatus(known))) hopeless.push(fact);
      }
      known = fact.answeredStatus ?? known;
    }
  }
  if (tried.length === 0) return untested("No payment or basket was deleted yet.");
  if (hopeless.length === 0) return pass(`${counted(tried.length, "cancellation")}, each of a payment that could still be cancelled.`, tried);
  return fail(
    `${counted(hopeless.length, "cancellation")} of a payment that could not be cancelled any more (PDNG or a final status, as its last status read said). ` +
      "Read the status first and offer cancelling only while it is RCVD or ACTC.",
    hopeless,
  );
}
