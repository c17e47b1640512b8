/** Signing baskets: several single payments authorised with one SCA (spec 4.5, 7 rule 2). */
import { tppError } from "../../src/contract/tpp-messages";
import type { TppMessage } from "../../src/contract/common-objects";
import { withStatus } from "../domain/lifecycle";
import { answer, errorAnswer, failure, type Answer } from "../env/answer";
import type { BasketRecord, PaymentRecord } from "../store/records";
import { expiryIn, timeIn } from "../env/sandbox-time";
import { basketLinks } from "../../src/contract/resource-links";
import { findPsu, psuRefusalFor } from "./psu";
import { visibleTo } from "../domain/ownership";
import type { ReadTx } from "../store/port";
import type { SandboxEnv } from "../env/sandbox-env";
import type { PsuHeaders } from "../domain/customers";
import type { Handler } from "./types";

function basketProblems(payments: (PaymentRecord | undefined)[], ids: string[], psuId: string): TppMessage[] {
  return ids.flatMap((id, index): TppMessage[] => {
    const path = `paymentIds[${String(index)}]`;
    const payment = payments[index];
    if (!payment) return [tppError("RESOURCE_UNKNOWN", `No payment ${id} in this sandbox.`, path)];
    if (payment.product === "periodic")
      return [tppError("REFERENCE_MIX_INVALID", `Payment ${id} is a periodic payment; a signing basket holds single payments only.`, path)];
    if (payment.psuId !== psuId) return [tppError("FORBIDDEN", `Payment ${id} was initiated by another PSU.`, path)];
    if (payment.transactionStatus !== "RCVD")
      return [tppError("CONFLICT", `Payment ${id} is ${payment.transactionStatus}; only payments awaiting SCA (RCVD) can go into a basket.`, path)];
    if (payment.basketId !== undefined) return [tppError("CONFLICT", `Payment ${id} is already in basket ${payment.basketId}.`, path)];
    return [];
  });
}

export const createSigningBasket: Handler<"createSigningBasket"> = ({ env, headers, body, origin, tpp }) =>
  env.store.write(async (tx) => {
    const psu = await findPsu(tx, headers);
    if (!psu)
      return failure(
        "PSU_CREDENTIALS_INVALID",
        "No PSU with these PSU headers in this sandbox; use the PSU that initiated the payments.",
        headers["PSU-ID"] === undefined ? "X-PSU-IDENTITY" : "PSU-ID",
      );
    const now = await expiryIn(tx, env);
    // As they stand now: a payment whose SCA window has ended is RJCT, and cannot go into a basket.
    // Another TPP's payment is unknown to this one (decision 0058).
    const payments = await Promise.all(
      body.paymentIds.map(async (id) => {
        const payment = await tx.payment(id);
        return payment && visibleTo(tpp, payment) ? await now.paymentAsNow(payment) : undefined;
      }),
    );
    const problems = basketProblems(payments, body.paymentIds, psu.psuId);
    // The mix error leads: it is the rule the spec names for baskets (7 rule 2).
    problems.sort((a, b) => Number(b.code === "REFERENCE_MIX_INVALID") - Number(a.code === "REFERENCE_MIX_INVALID"));
    if (problems.length > 0) return errorAnswer(problems);
    const time = await timeIn(tx, env);
    const basket: BasketRecord = {
      basketId: env.newId(),
      paymentIds: body.paymentIds,
      transactionStatus: "RCVD",
      psuId: psu.psuId,
      customerNumber: psu.customerNumber,
      redirectUri: headers["TPP-Redirect-URI"],
      statusHistory: [{ status: "RCVD", at: time.now, reason: "Basket received." }],
      createdAt: time.now,
      tpp,
    };
    await tx.putBasket(basket);
    for (const payment of payments) if (payment) await tx.putPayment({ ...payment, basketId: basket.basketId });
    const links = basketLinks(origin, basket.basketId, true, env.hosted?.tenantKey);
    return answer(201, { basketId: basket.basketId, transactionStatus: "RCVD", _links: links }, { Location: links.self?.href ?? "" });
  });

const unknownBasket = (basketId: string) =>
  failure("RESOURCE_UNKNOWN", `No signing basket ${basketId} in this sandbox; use the basketId its creation returned.`, "basketId");

/** What the read, status and delete routes of a basket use. */
interface BasketContext {
  env: SandboxEnv;
  origin: string;
  tpp: string;
  params: { basketId: string };
  headers: PsuHeaders;
}

/**
 * The basket as this request may see it, in `tx`: another TPP's is unknown to it and a PSU header naming another PSU is
 * refused (decision 0058); the refusal, or the basket as stored.
 */
async function ownBasket(tx: ReadTx, { tpp, params, headers }: BasketContext): Promise<{ refusal: Answer } | { stored: BasketRecord }> {
  const stored = await tx.basket(params.basketId);
  if (!stored || !visibleTo(tpp, stored)) return { refusal: unknownBasket(params.basketId) };
  const refusal = await psuRefusalFor(tx, `Signing basket ${params.basketId}`, stored, headers);
  return refusal ? { refusal: errorAnswer(refusal) } : { stored };
}

/** The basket as it stands now: one whose SCA window has ended reads RJCT (decision 0029). */
const basketNow = (context: BasketContext) =>
  context.env.store.read(async (tx): Promise<{ refusal: Answer } | { basket: BasketRecord }> => {
    const own = await ownBasket(tx, context);
    return "refusal" in own ? own : { basket: (await expiryIn(tx, context.env)).basketAsNow(own.stored) };
  });

export const getSigningBasket: Handler<"getSigningBasket"> = async (context) => {
  const loaded = await basketNow(context);
  if ("refusal" in loaded) return loaded.refusal;
  const { basket } = loaded;
  return answer(200, {
    basketId: basket.basketId,
    payments: basket.paymentIds,
    transactionStatus: basket.transactionStatus,
    _links: basketLinks(context.origin, basket.basketId, basket.transactionStatus === "RCVD", context.env.hosted?.tenantKey),
  });
};

export const getSigningBasketStatus: Handler<"getSigningBasketStatus"> = async (context) => {
  const loaded = await basketNow(context);
  return "refusal" in loaded ? loaded.refusal : answer(200, { transactionStatus: loaded.basket.transactionStatus });
};

export const deleteSigningBasket: Handler<"deleteSigningBasket"> = (context) =>
  context.env.store.write(async (tx) => {
    const own = await ownBasket(tx, context);
    if ("refusal" in own) return own.refusal;
    const { stored } = own;
    const time = await expiryIn(tx, context.env);
    const basket = time.basketAsNow(stored);
    if (basket !== stored) await tx.putBasket(basket); // an expiry has happened whatever is answered
    if (basket.transactionStatus !== "RCVD")
      return failure("CONFLICT", `The basket is ${basket.transactionStatus}; only a basket awaiting SCA (RCVD) can be deleted.`);
    await tx.putBasket(withStatus(basket, "CANC", time.now, "Deleted by the TPP."));
    for (const id of basket.paymentIds) {
      const payment = await tx.payment(id);
      if (payment?.basketId === basket.basketId) {
        const { basketId: _removed, ...rest } = payment;
        await tx.putPayment(rest);
      }
    }
    return answer(204);
  });
