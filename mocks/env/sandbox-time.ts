import { sandboxTime, type SandboxTime } from "../domain/clock";
import { SCA_WINDOW_MINUTES } from "../../src/contract/control-schemas";
import { expiredIfDue } from "../domain/sca-expiry";
import { expiredByScenario } from "../domain/scenario-effects";
import type { ReadTx } from "../store/port";
import type { BasketRecord, PaymentRecord } from "../store/records";
import type { SandboxEnv } from "./sandbox-env";

/** The sandbox's time inside a storage transaction: the offset is read from the store, so tabs agree. */
export async function timeIn(tx: ReadTx, env: SandboxEnv): Promise<SandboxTime> {
  const offset = (await tx.meta("clockOffsetMs")) ?? 0;
  env.lastClockOffsetMs = offset;
  return sandboxTime(env.realNow(), offset);
}

/** The sandbox's time now, in a read of its own. */
export const sandboxNow = (env: SandboxEnv): Promise<SandboxTime> => env.store.read((tx) => timeIn(tx, env));

/** The SCA window in minutes (decision 0029): stored, or the default. */
export async function scaWindowIn(tx: ReadTx): Promise<number> {
  return (await tx.meta("scaWindowMinutes")) ?? SCA_WINDOW_MINUTES.default;
}

/**
 * The sandbox's time, and payments and baskets as they stand then: expired (RJCT) once their SCA window
 * has ended (decision 0029). A payment in a basket expires with the basket.
 */
export async function expiryIn(tx: ReadTx, env: SandboxEnv) {
  const [time, windowMinutes] = await Promise.all([timeIn(tx, env), scaWindowIn(tx)]);
  const basketAsNow = (basket: BasketRecord) => expiredIfDue(basket, time.now, windowMinutes);
  /** What a payment's SCA window runs from: its basket if it is in one, else itself. */
  const governing = async (payment: PaymentRecord): Promise<{ createdAt: number }> =>
    (payment.basketId === undefined ? undefined : await tx.basket(payment.basketId)) ?? payment;
  return {
    ...time,
    windowMinutes,
    basketAsNow,
    governing,
    async paymentAsNow(payment: PaymentRecord): Promise<PaymentRecord> {
      if (payment.transactionStatus !== "RCVD") return payment;
      const forced = expiredByScenario(payment);
      if (forced !== payment) return forced;
      return expiredIfDue(payment, time.now, windowMinutes, await governing(payment));
    },
  };
}
