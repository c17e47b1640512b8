/**
 * The five steps of the guided first payment, each done for real in the chosen sandbox with the
 * clients the rest of the portal uses: signed interface requests (kept in the history) for what a
 * TPP sends, the control routes for what a tester does to the sandbox (the bank's SCA page, the clock).
 * Each takes the progress so far and gives it back with the step's outcome added.
 */
import { formatMinor, displayAmount } from "../../contract/money";
import { PaymentInitiationResponse, PaymentStatus } from "../../contract/payments";
import { SandboxTransaction } from "../../contract/sandbox";
import { z } from "../../contract/zod";
import { createCustomerWithAccount } from "../../lib/customer-with-account";
import { sandboxControl } from "../../lib/send";
import { sessionId } from "../../lib/session-id";
import { signedCall } from "../../lib/signed-call";
import { nextBatchAction } from "./batch-plan";
import type { Booking, Party, Progress, StepId } from "./progress";

export const AMOUNT = "250.00";
const currency = "NOK";

const withNote = (progress: Progress, step: StepId, note: Progress["notes"][StepId]): Progress => ({ ...progress, notes: { ...progress.notes, [step]: note } });
const failed = (progress: Progress, step: StepId, text: string, lines: string[] = [], exchangeId?: string): Progress =>
  withNote(progress, step, { ok: false, text, lines, ...(exchangeId ? { exchangeId } : {}) });

/** Step 1: two customers from fresh test identities, each with an account of NOK 10 000: the payer and the payee. */
export async function createAccounts(progress: Progress): Promise<Progress> {
  const identities = await sandboxControl("testIdentities", { query: { count: "2" } });
  const made: Party[] = [];
  const lines: string[] = [];
  for (const index of [0, 1]) {
    const customerNumber = identities.nationalIdentityNumbers[index] ?? "";
    const bban = identities.accountNumbers[index] ?? "";
    const outcome = await createCustomerWithAccount(customerNumber, bban);
    if (outcome.line) lines.push(outcome.line);
    if (!outcome.ok || !outcome.psuId || !outcome.accountId) return failed(progress, "accounts", outcome.text, lines, outcome.exchangeId);
    made.push({ customerNumber, bban, name: outcome.customerName ?? customerNumber, psuId: outcome.psuId, accountId: outcome.accountId });
  }
  const [payer, payee] = made as [Party, Party];
  return withNote({ ...progress, payer, payee }, "accounts", {
    ok: true,
    lines,
    text: `${payer.name} (national identity number ${payer.customerNumber}) has account ${payer.bban}, and ${payee.name} has account ${payee.bban}, each with NOK 10 000. A private customer's new account joins their agreement at once, so ${payer.name} may pay from it.`,
  });
}

/** Step 2: the payer's TPP initiates NOK 250 to the payee: the bank answers RCVD with the link to its SCA page. */
export async function sendPayment(progress: Progress): Promise<Progress> {
  const { payer, payee } = progress;
  if (!payer || !payee) return progress;
  const call = await signedCall("createPayment", {
    headers: {
      "PSU-ID": payer.psuId,
      "PSU-IP-Address": "192.0.2.10",
      "TPP-Session-ID": sessionId(),
      // The bank sends the PSU back here after SCA, as it would to a TPP's own page.
      "TPP-Redirect-URI": `${location.origin}/first-payment`,
    },
    body: {
      instructedAmount: { amount: AMOUNT, currency },
      creditorName: payee.name,
      creditorAccount: { bban: payee.bban, currency },
      debtorAccount: { bban: payer.bban, currency },
      remittanceInformationUnstructured: "My first payment",
    },
  });
  const answer = PaymentInitiationResponse.safeParse(call.json);
  if (call.refusal || !answer.success)
    return failed(progress, "payment", call.refusal ?? "The answer is not a payment initiation.", [call.line], call.exchangeId);
  const scaLink = answer.data._links?.scaRedirect?.href;
  return withNote({ ...progress, paymentId: answer.data.paymentId, status: answer.data.transactionStatus, ...(scaLink ? { scaLink } : {}) }, "payment", {
    ok: true,
    lines: [call.line],
    exchangeId: call.exchangeId,
    text: `The bank received the payment (${answer.data.transactionStatus}) as ${answer.data.paymentId}. Nothing moves until ${payer.name} approves it at the bank: the answer's scaRedirect link leads there.`,
  });
}

/** Reads the payment's status as the TPP does (signed GET …/status). */
async function readStatus(progress: Progress, step: StepId, explain: (status: string) => string): Promise<Progress> {
  const paymentId = progress.paymentId ?? "";
  const call = await signedCall("getPaymentStatus", { params: { paymentId }, headers: { "PSU-ID": progress.payer?.psuId ?? "" } });
  const answer = PaymentStatus.safeParse(call.json);
  if (call.refusal || !answer.success) return failed(progress, step, call.refusal ?? "The answer is not a payment status.", [call.line], call.exchangeId);
  const status = answer.data.transactionStatus;
  return withNote({ ...progress, status, ...(status === "ACSC" ? { booked: true } : {}) }, step, {
    ok: status !== "RJCT" && status !== "CANC",
    lines: [`${call.line}: ${status}`],
    exchangeId: call.exchangeId,
    text: explain(status),
  });
}

/** Step 3, after the bank page (or in its place): what the TPP now reads. */
export function readAuthorisation(progress: Progress): Promise<Progress> {
  return readStatus(progress, "authorise", (status) =>
    status === "RCVD"
      ? "Still RCVD: the payment awaits approval. Approve it on the bank page, then check again."
      : status === "ACTC" || status === "PDNG"
        ? `Approved: ${status}. The bank has the PSU's consent; the money moves when a batch run books the payment.`
        : `The payment is ${status}: it was declined or its SCA window ended. Start again for a new payment.`,
  );
}

/** The in-page fallback: the same decision the bank page sends (POST /__sandbox/sca/payment/{id}). */
export async function approveHere(progress: Progress): Promise<Progress> {
  await sandboxControl("scaDecision", { params: { subject: "payment", id: progress.paymentId ?? "" }, body: { decision: "approve" } });
  return readAuthorisation(progress);
}

/** Step 4: books the payment as the bank's batch would, moving the sandbox clock forward only if its date lies ahead. */
export async function runBatch(progress: Progress): Promise<Progress> {
  const paymentId = progress.paymentId ?? "";
  const done: string[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    const [payment, clock] = await Promise.all([sandboxControl("sandboxPayment", { params: { paymentId } }), sandboxControl("sandboxClock")]);
    const action = nextBatchAction(
      { transactionStatus: payment.transactionStatus, executionDate: payment.product === "single" ? payment.executionDate : undefined },
      clock,
    );
    if (action.kind === "done") break;
    const result = action.kind === "run" ? await sandboxControl("runBatch") : await sandboxControl("advanceClock", { body: { to: action.to } });
    const runs = result.runs.length;
    done.push(
      action.kind === "run"
        ? `POST /__sandbox/batch/run → ran the batch on ${clock.today}`
        : `POST /__sandbox/clock/advance → moved the clock to the next batch run, ${action.to} (${String(runs)} run${runs === 1 ? "" : "s"} on the way)`,
    );
  }
  const read = await readStatus(progress, "batch", (status) =>
    status === "ACSC"
      ? `Booked (ACSC): the batch debited ${progress.payer?.name ?? "the payer"}'s account and credited ${progress.payee?.name ?? "the payee"}'s, one transaction on each.`
      : status === "RJCT"
        ? "Rejected by the batch: the payer's funds (balance plus credit line) did not cover it."
        : `Still ${status}: the batch has not booked it yet. Try again.`,
  );
  const note = read.notes.batch;
  return note ? withNote(read, "batch", { ...note, lines: [...done, ...note.lines] }) : read;
}

const Transactions = z.array(SandboxTransaction);

/** Step 5: each account's newest transaction, read as a TPP reads sandbox data (signed GET …/transactions). */
export async function readTransactions(progress: Progress): Promise<Progress> {
  const bookings: Booking[] = [];
  const lines: string[] = [];
  let exchangeId: string | undefined;
  for (const party of [progress.payer, progress.payee]) {
    if (!party) continue;
    const call = await signedCall("listSandboxTransactions", { params: { mockAccountId: party.accountId }, query: { limit: "1" } });
    lines.push(call.line);
    exchangeId = call.exchangeId;
    const list = Transactions.safeParse(call.json);
    const newest = list.success ? list.data[0] : undefined;
    if (call.refusal || !newest) return failed(progress, "transactions", call.refusal ?? `No transaction on ${party.bban} yet.`, lines, exchangeId);
    const incoming = newest.amount > 0;
    bookings.push({
      owner: party.name,
      bban: party.bban,
      amount: formatMinor(newest.amount, newest.currency),
      counterparty: incoming ? `from ${newest.debtorName}` : `to ${newest.creditorName}`,
      bookingDate: newest.bookingDate,
    });
  }
  return withNote({ ...progress, bookings }, "transactions", {
    ok: true,
    lines,
    ...(exchangeId ? { exchangeId } : {}),
    text: `Both sides of the payment: NOK ${displayAmount(AMOUNT, currency)} left one account and arrived on the other, each booked as a transaction.`,
  });
}
