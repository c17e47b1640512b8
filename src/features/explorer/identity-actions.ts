/** "Create a customer with an account" from a generated identity: the signed sandbox operations a TPP would send. */
import { customerKindOf } from "../../contract/identifiers";
import { formatMajor } from "../../contract/money";
import { operationById, type OperationId } from "../../contract/operations";
import { messageLine, tppMessagesOf } from "../../lib/tpp-messages";
import { sandboxControl, sendRequest } from "../../lib/send";

export interface IdentityOutcome {
  ok: boolean;
  text: string;
  /** The history entry of the last signed request sent. */
  exchangeId?: string;
  /** The new customer's PSU-ID, to use in forms. */
  psuId?: string;
  customerName?: string;
}

/** The opening balance of an account made here: enough for a first payment. */
const OPENING_BALANCE = 10_000;

async function send(id: OperationId, body: unknown) {
  const exchange = await sendRequest({
    operation: operationById(id),
    params: {},
    query: {},
    headers: { "X-Request-ID": crypto.randomUUID(), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const status = exchange.response?.status;
  const refusal =
    status === undefined
      ? (exchange.error ?? "No answer.")
      : status >= 300
        ? `${String(status)}: ${tppMessagesOf(exchange.response?.body ?? "")
            .map(messageLine)
            .join(" ")}`
        : undefined;
  let resourceId: string | undefined;
  try {
    const parsed: unknown = JSON.parse(exchange.response?.body ?? "null");
    if (parsed && typeof parsed === "object" && "resourceId" in parsed && typeof parsed.resourceId === "string") resourceId = parsed.resourceId;
  } catch {
    // not JSON: the refusal says what came back
  }
  return { exchangeId: exchange.id, refusal, resourceId };
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
  };
}
