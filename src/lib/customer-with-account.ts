/** "Create a customer with an account" from a generated identity: the signed sandbox operations a TPP would send. */
import { customerKindOf } from "../contract/identifiers";
import { formatMajor } from "../contract/money";
import { sandboxControl } from "./send";
import { signedCall } from "./signed-call";

export interface IdentityOutcome {
  ok: boolean;
  text: string;
  /** The history entry of the last signed request sent. */
  exchangeId?: string;
  /** The new customer's PSU-ID, to use in forms. */
  psuId?: string;
  customerName?: string;
  /** The account request's line and answer status ("POST /v1/sandbox/accounts → 201"). */
  line?: string;
  /** The new account's resourceId (the mockAccountId of the sandbox paths). */
  accountId?: string;
}

/** The opening balance of an account made here: enough for a first payment. */
const OPENING_BALANCE = 10_000;

async function send(id: "createSandboxAccount" | "createAgreement", body: unknown) {
  const call = await signedCall(id, { body });
  const json = call.json;
  const resourceId = json && typeof json === "object" && "resourceId" in json && typeof json.resourceId === "string" ? json.resourceId : undefined;
  return { exchangeId: call.exchangeId, line: call.line, refusal: call.refusal, resourceId };
}

/**
 * A customer (private by an 11-digit number, a company by a 9-digit one) with a NOK account at `bban`.
 * A company's account is then added to its agreement, as a corporate customer's must be before it can pay.
 */
export async function createCustomerWithAccount(customerNumber: string, bban: string): Promise<IdentityOutcome> {
  const corporate = customerKindOf(customerNumber) === "corporate";
  const account = await send("createSandboxAccount", {
    customerNumber,
    accountName: corporate ? "Driftskonto" : "Brukskonto",
    bban,
    currency: "NOK",
    cashAccountType: "CACC",
    balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: OPENING_BALANCE, currency: "NOK" } }],
  });
  if (account.refusal) return { ok: false, text: `The account was refused (${account.refusal})`, exchangeId: account.exchangeId };
  let exchangeId = account.exchangeId;
  if (corporate && account.resourceId) {
    const agreement = await send("createAgreement", { customerNumber, accountIds: [account.resourceId] });
    exchangeId = agreement.exchangeId;
    if (agreement.refusal) return { ok: false, text: `The account was made, but adding it to the agreement was refused (${agreement.refusal})`, exchangeId };
  }
  const customer = (await sandboxControl("sandboxCustomers")).find((candidate) => candidate.customerNumber === customerNumber);
  return {
    ok: true,
    text: `${corporate ? "Company" : "Customer"} ${customerNumber} has account ${bban} with NOK ${formatMajor(OPENING_BALANCE, "NOK")}${corporate ? ", in its agreement" : ""}.`,
    exchangeId,
    ...(customer ? { psuId: customer.psuId, customerName: customer.name } : {}),
    ...(account.resourceId ? { accountId: account.resourceId } : {}),
    line: account.line,
  };
}
