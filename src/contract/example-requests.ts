/**
 * The example request of each operation, from what the sandbox holds: Kari pays Ola from her
 * current account, and so on. The one source of the portal's examples: the console's starting
 * values, the reference's example request (and, from it, its example response), the code panel and
 * "Try it" all start here. They are starting points; the contract still checks them.
 */
import { operationById, type OperationId } from "./operations";
import type { Customer, ExplorerAccount } from "./control-schemas";

/** An example request's parts: the headers the TPP chooses (not the signature's), path parameters and body. */
export interface ExampleRequest {
  headers: Record<string, string | undefined>;
  params: Record<string, string>;
  body: unknown;
}

export interface ExampleContext {
  accounts: ExplorerAccount[];
  customers: Customer[];
  today: string;
  origin: string;
  psuId: string;
  sessionId: string;
}

/** The ids of things the sandbox creates, as an example shows them. */
export const EXAMPLE_IDS = {
  paymentId: "8d6f1c2a-4b3e-4f5a-9c7d-1e2f3a4b5c6d",
  basketId: "3c9e7a1b-2d4f-4e6a-8b0c-5d7e9f1a3b5c",
  resourceId: "b2e4c6a8-1d3f-4a5b-8c7d-9e0f1a2b3c4d",
  transactionId: "f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b",
  agreementId: "a7b8c9d0-e1f2-4a3b-9c4d-5e6f7a8b9c0d",
} as const;
const nextMonthFirst = (today: string) => {
  const [year = 2026, month = 1] = today.split("-").map(Number);
  const next = new Date(Date.UTC(year, month, 1));
  return next.toISOString().slice(0, 10);
};

export function parties(context: ExampleContext) {
  const psu = context.customers.find((customer) => customer.psuId === context.psuId) ?? context.customers[0];
  const own = context.accounts.filter((account) => account.customerNumber === psu?.customerNumber && account.inAgreement);
  const debtor = own[0];
  const creditor = context.accounts.find(
    (account) => account.customerNumber !== psu?.customerNumber && !account.kidRequired && account.currency === debtor?.currency,
  );
  const creditorOwner = context.customers.find((customer) => customer.customerNumber === creditor?.customerNumber);
  return { psu, debtor, creditor, creditorName: creditorOwner?.name ?? "Ola Nordmann" };
}

function body(id: OperationId, context: ExampleContext, params: Record<string, string>): unknown {
  const { psu, debtor, creditor, creditorName } = parties(context);
  const debtorRef = { bban: debtor?.bban ?? "", currency: debtor?.currency ?? "NOK" };
  const creditorRef = { bban: creditor?.bban ?? "", currency: creditor?.currency ?? "NOK" };
  const payment = { instructedAmount: { amount: "250.00", currency: "NOK" }, creditorName, creditorAccount: creditorRef, debtorAccount: debtorRef };
  switch (id) {
    case "createPayment":
      return { ...payment, remittanceInformationUnstructured: "Dinner on Friday", requestedExecutionDate: context.today };
    case "createPeriodicPayment":
      return {
        ...payment,
        remittanceInformationUnstructured: "Monthly rent",
        startDate: nextMonthFirst(context.today),
        frequency: "Monthly",
        dayOfExecution: "1",
        executionRule: "following",
      };
    case "createSandboxAccount":
      return {
        customerNumber: psu?.customerNumber ?? "",
        accountName: "Reisekonto",
        currency: "NOK",
        cashAccountType: "CACC",
        balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 5000, currency: "NOK" } }],
      };
    case "createSandboxTransaction":
      return {
        amount: 12550,
        currency: "NOK",
        creditorName,
        creditorAccount: { bban: creditor?.bban ?? "" },
        debtorAccount: { bban: debtor?.bban ?? "" },
        remittanceInformationUnstructured: "Groceries",
      };
    case "updateSandboxBalances":
      return { balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 10000, currency: debtor?.currency ?? "NOK" } }], creditLine: 0 };
    case "createAgreement": {
      const pending = context.accounts.find((account) => !account.inAgreement);
      return { customerNumber: pending?.customerNumber ?? "", accountIds: pending ? [pending.resourceId] : [] };
    }
    case "createSigningBasket":
      // The payment the page is about, else the one the examples create (createPayment's example answer names it).
      return { paymentIds: [params.paymentId === undefined || params.paymentId === "" ? EXAMPLE_IDS.paymentId : params.paymentId] };
    case "registerContactEmail":
      return { email: "developer@tpp.example" };
    default:
      return undefined;
  }
}

/** Path parameters the example cannot know (a payment's id) are left out, unless `params` names them. */
export function exampleRequest(id: OperationId, context: ExampleContext, params: Record<string, string>): ExampleRequest {
  const { debtor, psu } = parties(context);
  // A company's PSU acts for it: spec 7 rule 1 requires the header, so the example names the company.
  const corporate = psu?.kind === "corporate" && "PSU-Corporate-ID" in operationById(id).headers.shape;
  return {
    headers: {
      ...(corporate ? { "PSU-Corporate-ID": psu.customerNumber } : {}),
      "TPP-Session-ID": context.sessionId,
      "TPP-Redirect-URI": `${context.origin}/callback`,
      "PSU-ID": context.psuId,
      "PSU-IP-Address": "192.0.2.10",
      Accept: "application/json",
    },
    params: { mockAccountId: debtor?.resourceId ?? "", ...params },
    body: body(id, context, params),
  };
}
