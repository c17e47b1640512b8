/** The simulated bank behind the scaRedirect link: what the PSU is asked to approve, and the decision. */
import type { ScaDecision, ScaPayment, ScaSubject } from "../../src/contract/control-schemas";
import { tppError } from "../../src/contract/tpp-messages";
import { expiryIn } from "../env/sandbox-time";
import { expiryReason, scaExpiresAt } from "../domain/sca-expiry";
import { decideBasket, decidePayment, redirectAfterSca } from "../domain/sca";
import type { SandboxEnv } from "../env/sandbox-env";
import { errorAnswer, failure, type Answer } from "../env/answer";
import type { ReadTx } from "../store/port";
import type { BasketRecord, PaymentRecord } from "../store/records";
import { answerWith } from "./answer";
import { appliedMarker } from "../../src/contract/scenarios";

async function summary(tx: ReadTx, payment: PaymentRecord): Promise<ScaPayment> {
  const debtor = await tx.account(payment.debtorAccountId);
  const psu = await tx.customerByPsuId(payment.psuId);
  return {
    paymentId: payment.paymentId,
    product: payment.product,
    transactionStatus: payment.transactionStatus,
    instructedAmount: payment.request.instructedAmount,
    creditorName: payment.request.creditorName,
    creditorAccount: payment.request.creditorAccount,
    debtorAccount: debtor ? { bban: debtor.bban, iban: debtor.iban, name: debtor.accountName } : payment.request.debtorAccount,
    psuName: psu?.name ?? "",
    executionDate: payment.product === "single" ? payment.executionDate : payment.request.startDate,
    ...(payment.product === "periodic" ? { frequency: payment.request.frequency } : {}),
    ...(payment.scenario ? { scenario: appliedMarker(payment.scenario.source, payment.scenario.outcome) } : {}),
  };
}

/** The reason of the last status change, for a record that no longer awaits SCA. */
const reasonOf = (record: { transactionStatus: string; statusHistory: { reason?: string | undefined }[] }) =>
  record.transactionStatus === "RCVD" ? {} : { statusReason: record.statusHistory.at(-1)?.reason ?? `It is ${record.transactionStatus}.` };

export async function showSca(env: SandboxEnv, subject: ScaSubject, id: string): Promise<Answer> {
  return env.store.read(async (tx) => {
    const time = await expiryIn(tx, env);
    /** The view of a payment or basket as it stands now, with the deadline its window runs to. */
    const view = (record: PaymentRecord | BasketRecord, governedBy: { createdAt: number }, payments: ScaPayment[]) =>
      answerWith("scaRequest", {
        subject,
        id,
        redirectUri: record.redirectUri,
        transactionStatus: record.transactionStatus,
        ...reasonOf(record),
        scaExpiresAt: new Date(scaExpiresAt(governedBy, time.windowMinutes)).toISOString(),
        payments,
      });
    if (subject === "payment") {
      const stored = await tx.payment(id);
      if (!stored) return failure("RESOURCE_UNKNOWN", `No payment ${id} awaits SCA in this sandbox.`, "paymentId");
      const payment = await time.paymentAsNow(stored);
      return view(payment, await time.governing(stored), [await summary(tx, payment)]);
    }
    const stored = await tx.basket(id);
    if (!stored) return failure("RESOURCE_UNKNOWN", `No signing basket ${id} in this sandbox.`, "basketId");
    const basket = time.basketAsNow(stored);
    const payments = await Promise.all(basket.paymentIds.map((paymentId) => tx.payment(paymentId)));
    const summaries = await Promise.all(
      payments.filter((payment) => payment !== undefined).map(async (payment) => summary(tx, await time.paymentAsNow(payment))),
    );
    return view(basket, basket, summaries);
  });
}

/** A decision after the SCA window: the expiry is stored (it has happened whatever is answered) and the PSU told so. */
const expiredAnswer = (what: string, windowMinutes: number) =>
  failure("SCA_EXPIRED", `${what}: ${expiryReason(windowMinutes)} Initiate it again to approve it.`);

export async function decideSca(env: SandboxEnv, subject: ScaSubject, id: string, decision: ScaDecision): Promise<Answer> {
  return env.store.write(async (tx) => {
    const time = await expiryIn(tx, env);
    if (subject === "payment") {
      const stored = await tx.payment(id);
      if (!stored) return failure("RESOURCE_UNKNOWN", `No payment ${id} in this sandbox.`, "paymentId");
      const payment = await time.paymentAsNow(stored);
      if (payment !== stored) {
        await tx.putPayment(payment);
        return expiredAnswer(`Payment ${id}`, time.windowMinutes);
      }
      const decided = decidePayment(payment, decision, time.now, time.today);
      if (!decided.ok) return errorAnswer(decided.messages);
      await tx.putPayment(decided.value);
      return answerWith("scaDecision", {
        transactionStatus: decided.value.transactionStatus,
        // A scenario may have declined what the PSU approved: the TPP hears the outcome, not the click.
        redirect: redirectAfterSca(payment.redirectUri, "paymentId", id, decided.value.transactionStatus === "RJCT" ? "decline" : "approve"),
      });
    }
    const stored = await tx.basket(id);
    if (!stored) return failure("RESOURCE_UNKNOWN", `No signing basket ${id} in this sandbox.`, "basketId");
    const basket = time.basketAsNow(stored);
    if (basket !== stored) {
      await tx.putBasket(basket);
      // Its payments expire with it.
      for (const paymentId of basket.paymentIds) {
        const payment = await tx.payment(paymentId);
        const expired = payment && (await time.paymentAsNow(payment));
        if (expired && expired !== payment) await tx.putPayment(expired);
      }
      return expiredAnswer(`Signing basket ${id}`, time.windowMinutes);
    }
    const decided = decideBasket(basket, decision, time.now);
    if (!decided.ok) return errorAnswer(decided.messages);
    // Decide every payment before writing any: a refused basket leaves all its payments as they were.
    const decidedPayments: PaymentRecord[] = [];
    for (const paymentId of basket.paymentIds) {
      const payment = await tx.payment(paymentId);
      if (!payment) continue;
      // A payment in a basket is decided by the basket's SCA, within the basket's window.
      const result = decidePayment(payment, decision, time.now, time.today);
      if (!result.ok) return errorAnswer([tppError("CONFLICT", `Payment ${paymentId}: ${result.messages[0]?.text ?? "cannot be decided"}`)]);
      decidedPayments.push(result.value);
    }
    for (const payment of decidedPayments) await tx.putPayment(payment);
    await tx.putBasket(decided.value);
    return answerWith("scaDecision", {
      transactionStatus: decided.value.transactionStatus,
      redirect: redirectAfterSca(basket.redirectUri, "basketId", id, decision),
    });
  });
}
