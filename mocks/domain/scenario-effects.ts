/**
 * What a scenario remembered on a payment does later (decision 0037-scenarios): at the bank page, in the
 * SCA window, in the batch and on release. Pure functions of the record; every status they set says in its
 * reason that a scenario forced it, so the history never passes it off as the bank's doing.
 */
import { appliedMarker, SETTLEMENT_REASONS, type PaymentScenario } from "../../src/contract/scenarios";
import type { PaymentRecord } from "../store/records";
import { rejected, withStatus } from "./lifecycle";
import { refuse, succeed, type Outcome } from "./outcome";

export const forcedBy = (scenario: PaymentScenario) => `forced by the sandbox's scenario ${appliedMarker(scenario.source, scenario.outcome)}`;

/** The outcome still waiting to act: none once released. */
const pending = (payment: PaymentRecord) => (payment.scenario && payment.scenario.releasedAt === undefined ? payment.scenario : undefined);

/**
 * SCA at the bank page under a scenario: undefined when none acts there, so the PSU's decision counts. A payment in
 * a signing basket is decided by the basket's one SCA, as it expires with the basket (decision 0029).
 */
export function forcedScaDecision(payment: PaymentRecord, at: number): Outcome<PaymentRecord> | undefined {
  const scenario = pending(payment);
  if (!scenario || payment.transactionStatus !== "RCVD" || payment.basketId !== undefined) return undefined;
  if (scenario.outcome.kind === "sca-declined")
    return succeed(rejected(payment, at, `The PSU declined SCA at the bank (${forcedBy(scenario)}).`, "sca-declined"));
  if (scenario.outcome.kind === "sca-abandoned")
    return refuse(
      "CONFLICT",
      `The PSU abandons SCA in this payment's scenario (${forcedBy(scenario)}): no decision is taken, and the payment is rejected when its SCA window ends.`,
    );
  return undefined;
}

/** After an approval: where a hold or an accepted-with-change scenario leaves the payment instead. */
export function afterApproval(approved: PaymentRecord, at: number): PaymentRecord {
  const scenario = pending(approved);
  if (!scenario) return approved;
  if (scenario.outcome.kind === "hold")
    return withStatus(approved, scenario.outcome.status, at, `Held in ${scenario.outcome.status} until released (${forcedBy(scenario)}).`);
  if (scenario.outcome.kind === "accepted-with-change")
    return withStatus(approved, "ACWC", at, `Accepted with change; rests ACWC until released (${forcedBy(scenario)}).`);
  return approved;
}

/** A payment whose SCA a scenario made expire at once: RJCT from its initiation. */
export function expiredByScenario(payment: PaymentRecord): PaymentRecord {
  const scenario = pending(payment);
  if (payment.transactionStatus !== "RCVD" || payment.basketId !== undefined || scenario?.outcome.kind !== "sca-expired") return payment;
  return rejected(payment, payment.createdAt, `SCA expired before the PSU approved (${forcedBy(scenario)}).`, "sca-expired");
}

/** Whether the batch must leave it alone: a payment held in PDNG (ACSP and ACWC are never due anyway). */
export const heldFromBatch = (payment: PaymentRecord): boolean => pending(payment)?.outcome.kind === "hold";

/** The rejection a scenario forces on settlement, with its ISO 20022 reason; undefined when none. */
export function forcedRejection(payment: PaymentRecord, at: number, label: string): PaymentRecord | undefined {
  const scenario = pending(payment);
  if (scenario?.outcome.kind !== "settlement-rejected") return undefined;
  const code = scenario.outcome.reason;
  const refused = rejected(payment, at, `Rejected by the ${label} batch: ${code} ${SETTLEMENT_REASONS[code]} (${forcedBy(scenario)}).`, "settlement-rejected");
  return code === "AM04" ? { ...refused, fundsAvailable: false } : refused;
}

/** Releases a held or ACWC payment: it goes on as approved, ACTC, or PDNG until its execution date. */
export function release(payment: PaymentRecord, at: number, today: string): Outcome<PaymentRecord> {
  const scenario = pending(payment);
  const holds = scenario && (scenario.outcome.kind === "hold" || scenario.outcome.kind === "accepted-with-change");
  if (!scenario || !holds || !["ACSP", "PDNG", "ACWC"].includes(payment.transactionStatus))
    return refuse(
      "CONFLICT",
      `Payment ${payment.paymentId} is ${payment.transactionStatus}${payment.scenario?.releasedAt === undefined ? "" : " and was released already"}; only a payment a scenario holds (ACSP, PDNG) or left ACWC can be released.`,
    );
  const reason = "Released from the scenario's hold in the sandbox control API.";
  const future = payment.product === "single" && payment.executionDate > today;
  const released = { ...payment, scenario: { ...scenario, releasedAt: at } };
  if (future && payment.transactionStatus === "PDNG")
    return succeed({ ...released, statusHistory: [...released.statusHistory, { status: "PDNG", at, reason }] });
  return succeed(withStatus(released, future ? "PDNG" : "ACTC", at, future ? `${reason} Scheduled for execution on ${payment.executionDate}.` : reason));
}
