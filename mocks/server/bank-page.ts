/**
 * The simulated bank behind the `scaRedirect` links (/bank/authorize/{payment|basket}/{id}): a page
 * that shows what the PSU is asked to approve, and a plain form (no JavaScript) whose decision goes
 * to POST /__sandbox/sca/… and answers 303 to the TPP-Redirect-URI with the outcome (a web address or an app's scheme). In the browser
 * the portal renders this page; the standalone server has no portal, so it renders it here.
 */
import type { z } from "zod";
import type { RequestFacts } from "../http/incoming";
import type { Dispatch } from "../router";
import { formatBban } from "../../src/contract/account-numbers";
import { ErrorBody } from "../../src/contract/common-objects";
import { ScaDecided, ScaRequest, type ScaPayment, type ScaSubject } from "../../src/contract/control-schemas";
import { displayAmount } from "../../src/contract/money";
import { formatOslo } from "../../src/contract/oslo-time";
import { hrefOf } from "../../src/contract/paths";
import { isRedirectUri, redirectTargetName } from "../../src/contract/redirect-uri";
import { html, page, type Html } from "./html";
import type { Answer } from "../env/answer";

const BANK_PATH = /^\/bank\/authorize\/(payment|basket)\/([^/]+)$/;

type Subject = ScaSubject;

/** Why a payment (or basket) in this status is not asked for SCA any more. */
const NO_LONGER: Record<string, string> = {
  ACTC: "was approved already (ACTC) and waits for the next batch run",
  PDNG: "was approved already and is scheduled (PDNG) for its execution date",
  ACSC: "was approved and settled already (ACSC)",
  RJCT: "was rejected (RJCT): SCA was declined, or the batch found too little funds",
  CANC: "was cancelled (CANC)",
};

const bank = html`<p class="bank">Sandbox Bank · simulated strong customer authentication</p>`;
const sandboxNote = html`<p class="note">This is the PSD2 sandbox: no real bank, no real money.</p>`;

const accountText = (account: ScaPayment["debtorAccount"]) => (account.bban ? formatBban(account.bban) : (account.iban ?? "—"));

function details(payment: ScaPayment): Html {
  const { instructedAmount: amount } = payment;
  return html`<dl>
<dt>Amount</dt><dd class="amount">${displayAmount(amount.amount, amount.currency)} ${amount.currency}</dd>
<dt>To</dt><dd>${payment.creditorName}${payment.creditorName ? html`<br>` : ""}${accountText(payment.creditorAccount)}</dd>
<dt>From</dt><dd>${payment.debtorAccount.name ? html`${payment.debtorAccount.name}<br>` : ""}${accountText(payment.debtorAccount)}</dd>
${payment.frequency ? html`<dt>Repeats</dt><dd>${payment.frequency}, from ${payment.executionDate}</dd>` : html`<dt>Execution date</dt><dd>${payment.executionDate}</dd>`}
<dt>Payment ID</dt><dd><code>${payment.paymentId}</code></dd>
${payment.scenario ? html`<dt>Sandbox scenario</dt><dd>Forced: <code>${payment.scenario}</code>. The outcome is the scenario's, whatever you choose.</dd>` : ""}
</dl>`;
}

function approvalPage(subject: Subject, view: z.infer<typeof ScaRequest>): Response {
  const who = view.payments[0]?.psuName;
  const count = view.payments.length;
  const title = subject === "payment" ? "Approve payment" : `Approve ${String(count)} payment${count === 1 ? "" : "s"}`;
  const body =
    subject === "payment"
      ? html`${view.payments.map(details)}`
      : html`<p>Signing basket <code>${view.id}</code></p>${view.payments.map(
          (payment, index) => html`<h2>Payment ${index + 1} of ${count}</h2>${details(payment)}`,
        )}`;
  return page(
    200,
    `${title} – Sandbox Bank`,
    html`${bank}
<h1>${title}</h1>
<p>${who ? `Signed in as ${who}. ` : ""}A third-party provider asks you to approve ${subject === "payment" ? "this payment" : "these payments"}.</p>
${body}
<form method="post">
<div class="actions" role="group" aria-label="Your decision">
<button type="submit" name="decision" value="approve" class="approve">Approve</button>
<button type="submit" name="decision" value="decline" class="decline">Decline</button>
</div>
</form>
<p class="note">Approve or decline by ${formatOslo(view.scaExpiresAt)} (Oslo, sandbox clock); after that the ${subject} expires (RJCT).</p>
<p class="note">Either way you return to <strong>${redirectTargetName(view.redirectUri)}</strong> (the TPP-Redirect-URI), with the outcome.</p>
${sandboxNote}`,
  );
}

function problemPage(status: number, title: string, text: string, headers?: Record<string, string>): Response {
  return page(status, `${title} – Sandbox Bank`, html`${bank}<h1>${title}</h1><p class="error">${text}</p>${sandboxNote}`, headers);
}

/** A 503 of the sandbox (its storage busy or unavailable: unavailable-answer.ts) as the bank's page, with its Retry-After. */
export function bankUnavailable(answer: Answer): Response {
  const text = ErrorBody.safeParse(answer.body);
  const said = text.success ? text.data.tppMessages.map((message) => message.text).join(" ") : "";
  return problemPage(answer.status, "The bank is busy", said, answer.headers);
}

const label = (subject: Subject, id: string) => `${subject === "payment" ? "Payment" : "Signing basket"} ${id}`;

async function problemFromAnswer(response: Response, subject: Subject, id: string): Promise<Response> {
  const parsed = ErrorBody.safeParse(await response.json().catch(() => undefined));
  const text = parsed.success ? parsed.data.tppMessages.map((message) => message.text).join(" ") : `The sandbox answered ${String(response.status)}.`;
  const title = response.status === 404 ? `No such ${subject}` : response.status === 409 ? `Nothing to approve` : "The bank could not do that";
  const retryAfter = response.headers.get("retry-after");
  return problemPage(
    response.status >= 400 ? response.status : 500,
    title,
    `${label(subject, id)}: ${text}`,
    retryAfter === null ? undefined : { "Retry-After": retryAfter },
  );
}

async function show(dispatch: Dispatch, origin: string, subject: Subject, id: string, facts?: RequestFacts): Promise<Response> {
  const answer = await dispatch(new Request(`${origin}${hrefOf("scaRequest", { subject, id })}`), facts);
  if (!answer) return problemPage(500, "The bank could not do that", "The sandbox did not answer.");
  if (!answer.ok) return problemFromAnswer(answer, subject, id);
  const view = ScaRequest.safeParse(await answer.json());
  if (!view.success) return problemPage(500, "The bank could not do that", `The sandbox's SCA view was not readable: ${view.error.message}`);
  if (view.data.transactionStatus !== "RCVD") {
    // A rejection's own reason (declined, or the SCA window ended) says more than the status alone.
    const { transactionStatus: status, statusReason } = view.data;
    const reason = status === "RJCT" && statusReason ? `was rejected (RJCT): ${statusReason}` : `${NO_LONGER[status] ?? `is ${status}`}.`;
    return problemPage(409, "Nothing to approve", `${label(subject, id)} ${reason} SCA is asked only while it is RCVD (received).`);
  }
  return approvalPage(subject, view.data);
}

async function decide(dispatch: Dispatch, request: Request, origin: string, subject: Subject, id: string, facts?: RequestFacts): Promise<Response> {
  const decision = new URLSearchParams(await request.text()).get("decision");
  if (decision !== "approve" && decision !== "decline")
    return problemPage(
      400,
      "Choose approve or decline",
      `The form must send decision=approve or decision=decline; it sent ${decision === null ? "no decision" : JSON.stringify(decision)}.`,
    );
  const answer = await dispatch(
    new Request(`${origin}${hrefOf("scaDecision", { subject, id })}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ decision }),
    }),
    facts,
  );
  if (!answer) return problemPage(500, "The bank could not do that", "The sandbox did not answer.");
  if (!answer.ok) return problemFromAnswer(answer, subject, id);
  const decided = ScaDecided.safeParse(await answer.json());
  if (!decided.success) return problemPage(500, "The bank could not do that", `The sandbox's decision was not readable: ${decided.error.message}`);
  const { redirect, transactionStatus } = decided.data;
  const done = `${label(subject, id)} is now ${transactionStatus}.`;
  // A stored URI is checked again: an imported sandbox may hold one the header would have refused.
  if (!isRedirectUri(redirect))
    return page(200, "Done – Sandbox Bank", html`${bank}<h1>Done</h1><p>${done}</p><p>There is no address to return to that a browser may open.</p>`);
  return page(303, "Done – Sandbox Bank", html`${bank}<h1>Done</h1><p>${done}</p><p><a href="${redirect}">Return to ${redirectTargetName(redirect)}</a></p>`, {
    Location: redirect,
  });
}

/** The bank page's answer, or undefined when the path is not the bank's; `facts` hear what its requests to the sandbox changed. */
export async function bankPage(request: Request, url: URL, dispatch: Dispatch, facts?: RequestFacts): Promise<Response | undefined> {
  const match = BANK_PATH.exec(url.pathname);
  if (!match) return undefined;
  const subject: Subject = match[1] === "basket" ? "basket" : "payment";
  let id: string;
  try {
    id = decodeURIComponent(match[2] ?? "");
  } catch {
    return problemPage(400, "Not a valid link", "The identifier in this address is not valid percent-encoding.");
  }
  if (request.method === "GET" || request.method === "HEAD") return show(dispatch, url.origin, subject, id, facts);
  if (request.method === "POST") return decide(dispatch, request, url.origin, subject, id, facts);
  return page(405, "Method not allowed – Sandbox Bank", html`${bank}<h1>Method not allowed</h1><p>This page takes GET and POST.</p>`, { Allow: "GET, POST" });
}
