/** Read-only views for the portal's sandbox explorer: everything the sandbox holds, unsigned. */
import { PAYMENT_LIST_LIMIT } from "../../src/contract/control-schemas";
import { presentAccount } from "../domain/accounts";
import { upcomingExecutionDates } from "../domain/periodic-schedule";
import { expiryIn } from "../env/sandbox-time";
import type { SandboxEnv } from "../env/sandbox-env";
import { failure, type Answer } from "../env/answer";
import { answerWith } from "./answer";
import type { PaymentRecord } from "../store/records";

const ALL_FIXES = new Set(["cash-account-type-iso", "longer-name"]);

export async function listCustomers(env: SandboxEnv): Promise<Answer> {
  return answerWith("sandboxCustomers", await env.store.read((tx) => tx.customers()));
}

export async function listAccounts(env: SandboxEnv, origin: string): Promise<Answer> {
  const accounts = await env.store.read((tx) => tx.accounts());
  return answerWith(
    "sandboxAccounts",
    accounts.map((account) => ({ ...presentAccount(account, ALL_FIXES, origin), transactionCount: account.transactionCount })),
  );
}

export async function listAgreements(env: SandboxEnv): Promise<Answer> {
  return answerWith("sandboxAgreements", await env.store.read((tx) => tx.agreements()));
}

function withSchedule(payment: PaymentRecord, today: string) {
  if (payment.product !== "periodic" || payment.transactionStatus === "CANC" || payment.transactionStatus === "RJCT") return payment;
  return { ...payment, nextExecutionDates: upcomingExecutionDates(payment.request, today) };
}

/** `limitText`: the query's, already checked by the table (1 to 1000, digits only: ?limit=2.5 was a 500, and 5000 read 1000). */
export async function listPayments(env: SandboxEnv, limitText: string | undefined): Promise<Answer> {
  const limit = limitText === undefined ? PAYMENT_LIST_LIMIT.default : Number(limitText);
  // As they stand now: a payment whose SCA window has ended reads RJCT here as everywhere (decision 0029).
  const { payments, time } = await env.store.read(async (tx) => {
    const now = await expiryIn(tx, env);
    return { payments: await Promise.all((await tx.payments(limit)).map((payment) => now.paymentAsNow(payment))), time: now };
  });
  const { today } = time;
  return answerWith(
    "sandboxPayments",
    payments.map((payment) => withSchedule(payment, today)),
  );
}

export async function showPayment(env: SandboxEnv, paymentId: string): Promise<Answer> {
  const { payment, time } = await env.store.read(async (tx) => {
    const now = await expiryIn(tx, env);
    const stored = await tx.payment(paymentId);
    return { payment: stored && (await now.paymentAsNow(stored)), time: now };
  });
  if (!payment) return failure("RESOURCE_UNKNOWN", `No payment ${paymentId} in this sandbox.`, "paymentId");
  return answerWith("sandboxPayment", withSchedule(payment, time.today));
}
