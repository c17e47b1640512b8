/**
 * The five steps of the guided first payment, done for real in the chosen sandbox with the portal's
 * own clients: signed interface requests (kept in the history) for what a TPP sends, control routes
 * for what a tester does (the bank's SCA decision, the clock). Each gives the progress back with its outcome.
 */
import { formatMinor } from "../../contract/money";
import { PaymentInitiationResponse, PaymentStatus } from "../../contract/payments";
import { SandboxTransaction } from "../../contract/sandbox";
import { createCustomerWithAccount } from "../../lib/customer-with-account";
import { sandboxControl } from "../../lib/send";
import { sessionId } from "../../lib/session-id";
import { signedCall, type SignedCall } from "../../lib/signed-call";
import { nextBatchAction } from "./batch-plan";
import type { Party, Progress, StepId } from "./progress";

const NOK = "NOK";

const noted = (progress: Progress, step: StepId, ok: boolean, text: string, lines: string[], exchangeId?: string): Progress => ({
  ...progress,
  notes: { ...progress.notes, [step]: { ok, text, lines, ...(exchangeId ? { exchangeId } : {}) } },
});
const refused = (progress: Progress, step: StepId, call: SignedCall, what: string) =>
  noted(progress, step, false, call.refusal ?? `The answer is not ${what}.`, [call.line], call.exchangeId);

/** Step 1: a payer and a payee from fresh test identities, each with a NOK 10 000 account. */
export async function createAccounts(progress: Progress): Promise<Progress> {
  const identities = await sandboxControl("testIdentities", { query: { count: "2" } });
  const made: Party[] = [];
  const lines: string[] = [];
  for (const index of [0, 1]) {
    const customerNumber = identities.nationalIdentityNumbers[index] ?? "";
    const bban = identities.accountNumbers[index] ?? "";
    const outcome = await createCustomerWithAccount(customerNumber, bban);
    if (outcome.line) lines.push(outcome.line);
    if (!outcome.ok || !outcome.psuId || !outcome.accountId) return noted(progress, "accounts", false, outcome.text, lines, outcome.exchangeId);
    made.push({ customerNumber, bban, name: outcome.customerName ?? customerNumber, psuId: outcome.psuId, accountId: outcome.accountId });
  }
  const [payer, payee] = made as [Party, Party];
  return noted(
    { ...progress, payer, payee },
    "accounts",
    true,
    `Payer ${payer.name}, ${payer.bban}; payee ${payee.name}, ${payee.bban}; NOK 10 000 each.`,
    lines,
  );
}

/** Step 2: NOK 250 from payer to payee; the bank answers RCVD with the link to its SCA page. */
export async function sendPayment(progress: Progress): Promise<Progress> {
  const { payer, payee } = progress;
  if (!payer || !payee) return progress;
  const call = await signedCall("createPayment", {
    headers: {
      "PSU-ID": payer.psuId,
      "PSU-IP-Address": "192.0.2.10",
      "TPP-Session-ID": sessionId(),
      // The bank sends the PSU back here, as it would to a TPP's own page.
      "TPP-Redirect-URI": `${location.origin}/first-payment`,
    },
    body: {
      instructedAmount: { amount: "250.00", currency: NOK },
      creditorName: payee.name,
      creditorAccount: { bban: payee.bban, currency: NOK },
      debtorAccount: { bban: payer.bban, currency: NOK },
      remittanceInformationUnstructured: "My first payment",
    },
  });
  const answer = PaymentInitiationResponse.safeParse(call.json);
  if (call.refusal || !answer.success) return refused(progress, "payment", call, "a payment initiation");
  const { paymentId, transactionStatus, _links } = answer.data;
  const scaLink = _links?.scaRedirect?.href;
  const text = `${transactionStatus}: received as ${paymentId}, awaiting the payer's approval at the bank.`;
  return noted({ ...progress, paymentId, status: transactionStatus, ...(scaLink ? { scaLink } : {}) }, "payment", true, text, [call.line], call.exchangeId);
}

const meaning: Record<string, string> = {
  RCVD: "Still RCVD: approve it at the bank first.",
  ACTC: "ACTC: approved; a batch run moves the money.",
  PDNG: "PDNG: approved for a later date.",
  ACSC: "ACSC: booked, the payer debited and the payee credited.",
  RJCT: "RJCT: rejected (declined, expired or no funds). Start again.",
};

/** The payment's status as the TPP reads it (signed GET …/status). */
async function readStatus(progress: Progress, step: StepId, before: string[] = []): Promise<Progress> {
  const call = await signedCall("getPaymentStatus", { params: { paymentId: progress.paymentId ?? "" }, headers: { "PSU-ID": progress.payer?.psuId ?? "" } });
  const answer = PaymentStatus.safeParse(call.json);
  if (call.refusal || !answer.success) return refused(progress, step, call, "a payment status");
  const status = answer.data.transactionStatus;
  const next = { ...progress, status, ...(status === "ACSC" ? { booked: true } : {}) };
  return noted(next, step, status !== "RJCT" && status !== "CANC", meaning[status] ?? status, [...before, `${call.line}: ${status}`], call.exchangeId);
}

/** Step 3, after the bank page: what the TPP now reads. */
export const readAuthorisation = (progress: Progress) => readStatus(progress, "authorise");

/** The in-page fallback: the decision the bank page sends (POST /__sandbox/sca/payment/{id}). */
export async function approveHere(progress: Progress): Promise<Progress> {
  await sandboxControl("scaDecision", { params: { subject: "payment", id: progress.paymentId ?? "" }, body: { decision: "approve" } });
  return readAuthorisation(progress);
}

/** Step 4: a batch run now, or the clock moved (forward only) to the next scheduled run when the execution date lies ahead. */
export async function runBatch(progress: Progress): Promise<Progress> {
  const paymentId = progress.paymentId ?? "";
  const lines: string[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    const [payment, clock] = await Promise.all([sandboxControl("sandboxPayment", { params: { paymentId } }), sandboxControl("sandboxClock")]);
    const action = nextBatchAction(
      { transactionStatus: payment.transactionStatus, executionDate: payment.product === "single" ? payment.executionDate : undefined },
      clock,
    );
    if (action.kind === "done") break;
    if (action.kind === "run") await sandboxControl("runBatch");
    else await sandboxControl("advanceClock", { body: { to: action.to } });
    lines.push(
      action.kind === "run"
        ? `POST /__sandbox/batch/run: a batch run on ${clock.today}`
        : `POST /__sandbox/clock/advance: the clock moved to the next batch run, ${action.to}`,
    );
  }
  return readStatus(progress, "batch", lines);
}

/** Step 5: each account's newest transaction (signed GET of the sandbox transactions). */
export async function readTransactions(progress: Progress): Promise<Progress> {
  const lines: string[] = [];
  for (const party of [progress.payer, progress.payee]) {
    if (!party) continue;
    const call = await signedCall("listSandboxTransactions", { params: { mockAccountId: party.accountId }, query: { limit: "1" } });
    const newest = SandboxTransaction.safeParse((call.json as unknown[] | undefined)?.[0]);
    if (call.refusal || !newest.success) return refused(progress, "transactions", call, "a transaction");
    const { amount, currency, creditorName, debtorName, bookingDate } = newest.data;
    lines.push(
      `${party.name}, ${party.bban}: ${formatMinor(amount, currency)} ${currency} ${amount > 0 ? `from ${debtorName}` : `to ${creditorName}`}, booked ${bookingDate}`,
    );
  }
  return noted(progress, "transactions", true, "One transaction on each account:", lines);
}
