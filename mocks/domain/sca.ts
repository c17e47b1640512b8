/**
 * What the simulated bank's SCA page decides (design, "Payment lifecycle"): approval makes a payment
 * ACTC, and PDNG at once when its execution date lies ahead; declining rejects it. Only a payment
 * awaiting SCA (RCVD) can be decided.
 */
import type { BasketRecord, PaymentRecord } from "../store/records";
import { rejected, withStatus } from "./lifecycle";
import { refuse, succeed, type Outcome } from "./outcome";
import { afterApproval, forcedScaDecision } from "./scenario-effects";

export type ScaDecision = "approve" | "decline";

export function decidePayment(payment: PaymentRecord, decision: ScaDecision, at: number, today: string): Outcome<PaymentRecord> {
  if (payment.transactionStatus !== "RCVD") return refuse("CONFLICT", `The payment is ${payment.transactionStatus}; SCA is only asked while it is RCVD.`);
  const forced = forcedScaDecision(payment, at);
  if (forced) return forced;
  if (decision === "decline") return succeed(rejected(payment, at, "The PSU declined SCA at the bank.", "sca-declined"));
  const approved = withStatus(payment, "ACTC", at, "The PSU approved with SCA.");
  if (approved.scenario) return succeed(afterApproval(approved, at));
  if (payment.product === "single" && payment.executionDate > today)
    return succeed(withStatus(approved, "PDNG", at, `Scheduled for execution on ${payment.executionDate}.`));
  return succeed(approved);
}

export function decideBasket(basket: BasketRecord, decision: ScaDecision, at: number): Outcome<BasketRecord> {
  if (basket.transactionStatus !== "RCVD") return refuse("CONFLICT", `The basket is ${basket.transactionStatus}; SCA is only asked while it is RCVD.`);
  return succeed(
    decision === "approve"
      ? withStatus(basket, "ACTC", at, "The PSU approved the basket with SCA.")
      : rejected(basket, at, "The PSU declined SCA at the bank.", "sca-declined"),
  );
}

/** Where the bank sends the PSU back: the TPP's redirect URI with the outcome added to its query. */
export function redirectAfterSca(redirectUri: string, what: "paymentId" | "basketId", id: string, decision: ScaDecision): string {
  try {
    const url = new URL(redirectUri);
    url.searchParams.set(what, id);
    url.searchParams.set("scaResult", decision === "approve" ? "ok" : "nok");
    return url.toString();
  } catch {
    return redirectUri;
  }
}
