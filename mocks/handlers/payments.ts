/** Single and periodic payments: initiation, reads, status and deletion. */
import { bbanOf } from "../../src/contract/account-numbers";
import { upcomingExecutionDates } from "../domain/periodic-schedule";
import { awaitsSca, cancellationRefusal, withStatus } from "../domain/lifecycle";
import { refuse } from "../domain/outcome";
import { checkInitiation, type InitiationRequest } from "../domain/payment-initiation";
import { answer, errorAnswer, failure, type Answer } from "../env/answer";
import type { ReadTx, WriteOptions } from "../store/port";
import type { AccountRecord, PaymentRecord } from "../store/records";
import { expiryIn, timeIn } from "../env/sandbox-time";
import { paymentLinks, type PaymentKind } from "../../src/contract/resource-links";
import { findPsu, psuRefusalFor } from "./psu";
import { visibleTo } from "../domain/ownership";
import type { PsuHeaders } from "../domain/customers";
import type { SandboxEnv } from "../env/sandbox-env";
import type { Handler, HandlerContext } from "./types";
import { SCENARIO_APPLIED_HEADER, appliedMarker } from "../../src/contract/scenarios";
import { rejectionMessages } from "../domain/rejection-reasons";

const kindOf = (payment: PaymentRecord): PaymentKind => (payment.product === "single" ? "payments" : "periodic-payments");

async function accountNamed(tx: ReadTx, reference: { bban?: string | undefined; iban?: string | undefined }): Promise<AccountRecord | undefined> {
  const bban = bbanOf(reference);
  return bban === undefined ? undefined : tx.accountByBban(bban);
}

/** An initiation reads the clock, PSU and accounts and inserts one new payment: initiations may run beside each other (WriteOptions). */
const INITIATION: WriteOptions = { insertsOnly: true };

async function initiate(context: HandlerContext<"createPayment"> | HandlerContext<"createPeriodicPayment">, request: InitiationRequest) {
  const { env, headers, origin, warnings } = context;
  return env.store.write(async (tx) => {
    const time = await timeIn(tx, env);
    const facts = {
      headers,
      psu: await findPsu(tx, headers),
      debtor: await accountNamed(tx, request.body.debtorAccount),
      creditor: await accountNamed(tx, request.body.creditorAccount),
      today: time.today,
    };
    const decision = checkInitiation(request, facts);
    if (!decision.ok) return errorAnswer(decision.messages);
    const common = {
      paymentId: env.newId(),
      transactionStatus: "RCVD" as const,
      psuId: decision.value.owner.psuId,
      customerNumber: decision.value.owner.customerNumber,
      debtorName: decision.value.owner.name,
      redirectUri: headers["TPP-Redirect-URI"],
      debtorAccountId: decision.value.debtor.resourceId,
      ...(facts.creditor ? { creditorAccountId: facts.creditor.resourceId } : {}),
      statusHistory: [{ status: "RCVD" as const, at: time.now, reason: "Initiation received." }],
      createdAt: time.now,
      ...(context.scenario ? { scenario: context.scenario } : {}),
      tpp: context.tpp,
    };
    const record: PaymentRecord =
      request.product === "single"
        ? { ...common, product: "single", request: request.body, executionDate: request.body.requestedExecutionDate ?? time.today }
        : { ...common, product: "periodic", request: request.body };
    await tx.putPayment(record);
    const kind = kindOf(record);
    const links = paymentLinks(origin, kind, record.paymentId, true, env.hosted?.tenantKey);
    return answer(
      201,
      { paymentId: record.paymentId, transactionStatus: record.transactionStatus, ...(warnings.length ? { tppMessages: warnings } : {}), _links: links },
      { Location: links.self?.href ?? "", "ASPSP-SCA-Approach": "REDIRECT" },
    );
  }, INITIATION);
}

export const createPayment: Handler<"createPayment"> = (context) => initiate(context, { product: "single", body: context.body });
export const createPeriodicPayment: Handler<"createPeriodicPayment"> = (context) => initiate(context, { product: "periodic", body: context.body });

function unknownPayment(kind: PaymentKind, paymentId: string) {
  return failure(
    "RESOURCE_UNKNOWN",
    `No ${kind === "payments" ? "single" : "periodic"} payment ${paymentId} in this sandbox. Use the paymentId the initiation returned${kind === "payments" ? " (a periodic payment is read under /v1/periodic-payments/…)" : " (a single payment is read under /v1/payments/…)"}.`,
    "paymentId",
  );
}

/** What the read, status and delete routes of both payment kinds use (their paths and headers are alike). */
interface PaymentRouteContext {
  env: SandboxEnv;
  origin: string;
  tpp: string;
  params: { paymentId: string };
  headers: PsuHeaders;
}
type PaymentRoute = (context: PaymentRouteContext) => Promise<Answer>;

/** The payment's own name in a refusal's text. */
const named = (kind: PaymentKind, paymentId: string) => `${kind === "payments" ? "Single" : "Periodic"} payment ${paymentId}`;

/**
 * The payment as this request may see it, in `tx`: another TPP's is unknown to it and a PSU header naming another PSU
 * is refused (decision 0058); the refusal, or the payment as stored.
 */
async function ownPayment(tx: ReadTx, context: PaymentRouteContext, kind: PaymentKind): Promise<{ refusal: Answer } | { stored: PaymentRecord }> {
  const { paymentId } = context.params;
  const stored = await tx.payment(paymentId);
  if (!stored || kindOf(stored) !== kind || !visibleTo(context.tpp, stored)) return { refusal: unknownPayment(kind, paymentId) };
  const refusal = await psuRefusalFor(tx, named(kind, paymentId), stored, context.headers);
  return refusal ? { refusal: errorAnswer(refusal) } : { stored };
}

/** The payment as it stands now: one whose SCA window has ended reads RJCT (decision 0029). */
async function loadPayment(context: PaymentRouteContext, kind: PaymentKind) {
  return context.env.store.read(async (tx) => {
    const own = await ownPayment(tx, context, kind);
    if ("refusal" in own) return own;
    const time = await expiryIn(tx, context.env);
    return { payment: await time.paymentAsNow(own.stored), time };
  });
}

/** Spec 7 rule 5: a payment rejected for lack of funds says so, with fundsAvailable false; every RJCT says why (decision 0058). */
const statusBody = (payment: PaymentRecord) => ({
  transactionStatus: payment.transactionStatus,
  ...(payment.fundsAvailable === undefined ? {} : { fundsAvailable: payment.fundsAvailable }),
  ...rejectionMessages(payment),
});

/** The marker on every answer about a payment a scenario acts on, so a forced status is never taken for the bank's. */
const markerOf = (payment: PaymentRecord) =>
  payment.scenario ? { [SCENARIO_APPLIED_HEADER]: appliedMarker(payment.scenario.source, payment.scenario.outcome) } : undefined;

function readPayment(kind: PaymentKind): PaymentRoute {
  return async (context) => {
    const { env, origin } = context;
    const loaded = await loadPayment(context, kind);
    if ("refusal" in loaded) return loaded.refusal;
    const { payment, time } = loaded;
    const schedule =
      payment.product === "periodic" && payment.transactionStatus !== "CANC" && payment.transactionStatus !== "RJCT"
        ? { nextExecutionDates: upcomingExecutionDates(payment.request, time.today) }
        : {};
    return answer(
      200,
      {
        ...payment.request,
        paymentId: payment.paymentId,
        ...statusBody(payment),
        ...(payment.product === "single" ? {} : schedule),
        _links: paymentLinks(origin, kind, payment.paymentId, awaitsSca(payment.transactionStatus), env.hosted?.tenantKey),
      },
      markerOf(payment),
    );
  };
}

function readStatus(kind: PaymentKind): PaymentRoute {
  return async (context) => {
    const loaded = await loadPayment(context, kind);
    return "refusal" in loaded ? loaded.refusal : answer(200, statusBody(loaded.payment), markerOf(loaded.payment));
  };
}

function deletePayment(kind: PaymentKind): PaymentRoute {
  return (context) =>
    context.env.store.write(async (tx) => {
      const own = await ownPayment(tx, context, kind);
      if ("refusal" in own) return own.refusal;
      const { stored } = own;
      const time = await expiryIn(tx, context.env);
      const payment = await time.paymentAsNow(stored);
      // An expiry has happened whatever is answered: it is stored.
      if (payment !== stored) await tx.putPayment(payment);
      const refusal = cancellationRefusal(payment.transactionStatus, payment.product === "single" ? payment.executionDate : undefined);
      if (refusal) return errorAnswer(refuse("CONFLICT", refusal).messages);
      await tx.putPayment(withStatus(payment, "CANC", time.now, "Deleted by the TPP."));
      return answer(204);
    });
}

export const getPayment: Handler<"getPayment"> = readPayment("payments");
export const getPeriodicPayment: Handler<"getPeriodicPayment"> = readPayment("periodic-payments");
export const getPaymentStatus: Handler<"getPaymentStatus"> = readStatus("payments");
export const getPeriodicPaymentStatus: Handler<"getPeriodicPaymentStatus"> = readStatus("periodic-payments");
export const deletePaymentRoute: Handler<"deletePayment"> = deletePayment("payments");
export const deletePeriodicPayment: Handler<"deletePeriodicPayment"> = deletePayment("periodic-payments");
