/**
 * The rules a payment initiation must pass beyond the contract (design, "Who may pay from what"):
 * a known PSU, the corporate header for a company, a debtor account in the PSU's agreement,
 * consistent currencies, an execution date that has not passed, and a KID where the creditor needs one.
 */
import type { PeriodicPaymentRequest, SinglePaymentRequest } from "../../src/contract/payments";
import { isKidReferenceType } from "../../src/contract/payments";
import { MAX_BOOKABLE_MINOR, type AccountRecord, type CustomerRecord } from "../store/records";
import type { PsuHeaders } from "./customers";
import { checkActingPsu } from "./acting-psu";
import { formatMinor, minorFromString } from "../../src/contract/money";
import { refuse, succeed, type Outcome } from "./outcome";

export type InitiationRequest = { product: "single"; body: SinglePaymentRequest } | { product: "periodic"; body: PeriodicPaymentRequest };

export interface InitiationFacts {
  headers: PsuHeaders;
  /** The customer PSU-ID or X-PSU-IDENTITY names, if any. */
  psu: CustomerRecord | undefined;
  debtor: AccountRecord | undefined;
  /** The creditor, when it is a sandbox account. */
  creditor: AccountRecord | undefined;
  today: string;
}

function hasKid(body: SinglePaymentRequest): boolean {
  const references = body.remittanceInformationStructuredArray ?? (body.remittanceInformationStructured ? [body.remittanceInformationStructured] : []);
  return references.some((reference) => isKidReferenceType(reference.referenceType));
}

function checkAccounts(request: InitiationRequest, facts: InitiationFacts, owner: CustomerRecord): Outcome<AccountRecord> {
  const { body } = request;
  const { debtor, creditor } = facts;
  const named = body.debtorAccount.bban ?? body.debtorAccount.iban ?? "";
  if (!debtor)
    return refuse(
      "BAD_REQUEST",
      `No sandbox account is ${named}. Create it with POST /v1/sandbox/accounts, or pick one in the sandbox explorer.`,
      "debtorAccount",
    );
  if (debtor.customerNumber !== owner.customerNumber)
    return refuse(
      "FORBIDDEN",
      `Account ${debtor.bban} belongs to customer ${debtor.customerNumber}, not to this PSU (${owner.customerNumber}).`,
      "debtorAccount",
    );
  if (!debtor.inAgreement)
    return refuse(
      "FORBIDDEN",
      `Account ${debtor.bban} is not in the agreement of company ${owner.customerNumber} yet: add it with POST /v1/sandbox/agreements.`,
      "debtorAccount",
    );
  if (body.debtorAccount.currency !== debtor.currency)
    return refuse("BAD_REQUEST", `Account ${debtor.bban} is held in ${debtor.currency}, not ${body.debtorAccount.currency}.`, "debtorAccount.currency");
  if (body.instructedAmount.currency !== debtor.currency)
    return refuse(
      "BAD_REQUEST",
      `The debtor account is in ${debtor.currency}; a domestic transfer from it is instructed in ${debtor.currency}, not ${body.instructedAmount.currency}.`,
      "instructedAmount.currency",
    );
  // The creditor's account reference names its currency (spec 2.1) as the debtor's does: a bank compares it with the
  // account it names, when it holds that account, and with the instructed currency, as for the debtor (decision 0059).
  if (creditor && body.creditorAccount.currency !== creditor.currency)
    return refuse(
      "BAD_REQUEST",
      `The creditor account ${creditor.bban} is held in ${creditor.currency}, not ${body.creditorAccount.currency}; a domestic transfer to it is instructed in ${creditor.currency}.`,
      "creditorAccount.currency",
    );
  if (body.creditorAccount.currency !== body.instructedAmount.currency)
    return refuse(
      "BAD_REQUEST",
      `creditorAccount.currency is ${body.creditorAccount.currency} but the transfer is instructed in ${body.instructedAmount.currency}; a domestic transfer credits an account in the instructed currency: send ${body.instructedAmount.currency}.`,
      "creditorAccount.currency",
    );
  if (creditor?.resourceId === debtor.resourceId)
    return refuse("BAD_REQUEST", "The creditor account is the debtor account itself; pay another account.", "creditorAccount");
  const { amount, currency } = body.instructedAmount;
  // Only what the batch books is capped: it never books a periodic payment (spec 8), so any Amount is fine there.
  if (request.product === "single" && minorFromString(amount, currency) > MAX_BOOKABLE_MINOR)
    return refuse(
      "BAD_REQUEST",
      `The sandbox books transactions in int32 minor units, so it takes at most ${formatMinor(MAX_BOOKABLE_MINOR, currency, "interface")} ${currency} per payment; ${amount} ${currency} is more.`,
      "instructedAmount.amount",
    );
  return succeed(debtor);
}

function checkDatesAndKid(request: InitiationRequest, facts: InitiationFacts): Outcome<null> {
  const { today, creditor } = facts;
  if (request.product === "single") {
    const date = request.body.requestedExecutionDate;
    if (date !== undefined && date < today)
      return refuse(
        "EXECUTION_DATE_INVALID",
        `requestedExecutionDate ${date} has passed; the sandbox date is ${today}. Use ${today} or later.`,
        "requestedExecutionDate",
      );
    if (creditor?.kidRequired && !hasKid(request.body))
      return refuse(
        "KID_MISSING",
        `Account ${creditor.bban} accepts payments only with a KID: send remittanceInformationStructuredArray [{"reference": "<KID>", "referenceType": "KID"}].`,
        "remittanceInformationStructuredArray",
      );
  } else {
    if (request.body.startDate < today)
      return refuse("EXECUTION_DATE_INVALID", `startDate ${request.body.startDate} has passed; the sandbox date is ${today}.`, "startDate");
    if (creditor?.kidRequired)
      return refuse("KID_MISSING", `Account ${creditor.bban} accepts payments only with a KID, which a periodic payment cannot carry.`, "creditorAccount");
  }
  return succeed(null);
}

/** The customer the payment acts for and its debtor account, or why it is refused. */
export function checkInitiation(request: InitiationRequest, facts: InitiationFacts): Outcome<{ owner: CustomerRecord; debtor: AccountRecord }> {
  const psu = checkActingPsu(facts.psu, facts.headers);
  if (!psu.ok) return psu;
  const debtor = checkAccounts(request, facts, psu.value);
  if (!debtor.ok) return debtor;
  const rest = checkDatesAndKid(request, facts);
  if (!rest.ok) return rest;
  return succeed({ owner: psu.value, debtor: debtor.value });
}
