/**
 * The example answer of each operation, made from its example request (example-requests.ts): the
 * payment a create returns carries the request's accounts, a transaction the request's amount. The
 * ids a sandbox would make up are fixed example ids; a path parameter the request names is kept.
 */
import { norwegianIban } from "./account-numbers";
import type { SandboxTransaction } from "./sandbox";
import { EXAMPLE_IDS, exampleRequest, parties, type ExampleContext } from "./example-requests";
import type { Operation } from "./operations";
import { hrefOf } from "./paths";
import { basketLinks, paymentLinks } from "./resource-links";

export interface ExampleResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

/** A valid Norwegian account number (MOD11) for an account the example creates. */
const NEW_ACCOUNT_BBAN = "86011117947";

type Params = Record<string, string>;
/** A path parameter the example names (an empty one names nothing). */
const given = (value: string | undefined) => (value === "" ? undefined : value);
const idOf = (params: Params, name: "paymentId" | "basketId") => given(params[name]) ?? EXAMPLE_IDS[name];

function accountLinks(origin: string, mockAccountId: string) {
  return {
    transactions: { href: `${origin}${hrefOf("listSandboxTransactions", { mockAccountId })}`, verbs: ["GET", "POST"] },
    balances: { href: `${origin}${hrefOf("updateSandboxBalances", { mockAccountId })}`, verbs: ["PUT"] },
  };
}

/** The account a createSandboxAccount example makes. */
function createdAccount(context: ExampleContext, origin: string) {
  const request = exampleRequest("createSandboxAccount", context, {}).body as {
    customerNumber: string;
    accountName: string;
    currency: string;
    cashAccountType: string;
    balances: unknown;
  };
  return {
    resourceId: EXAMPLE_IDS.resourceId,
    ...request,
    bban: NEW_ACCOUNT_BBAN,
    iban: norwegianIban(NEW_ACCOUNT_BBAN),
    creditLine: 0,
    kidRequired: false,
    inAgreement: true,
    _links: accountLinks(origin, EXAMPLE_IDS.resourceId),
  };
}

/** The account the path names (the example's own, when the sandbox holds it), as the interface shows it. */
function namedAccount(context: ExampleContext, params: Params, origin: string) {
  const held = context.accounts.find((candidate) => candidate.resourceId === params.mockAccountId);
  if (!held) return { ...createdAccount(context, origin), ...(params.mockAccountId ? { resourceId: params.mockAccountId } : {}) };
  const { transactionCount: _count, _links: _own, ...fields } = held;
  return { ...fields, _links: accountLinks(origin, held.resourceId) };
}

function transaction(context: ExampleContext, params: Params, origin: string): SandboxTransaction {
  const { debtor, creditor, creditorName } = parties(context);
  const mockAccountId = given(params.mockAccountId) ?? EXAMPLE_IDS.resourceId;
  const transactionId = given(params.transactionId) ?? EXAMPLE_IDS.transactionId;
  const request = exampleRequest("createSandboxTransaction", context, params).body as { amount: number; remittanceInformationUnstructured: string };
  return {
    id: transactionId,
    amount: -request.amount,
    currency: debtor?.currency ?? "NOK",
    valueDate: context.today,
    bookingDate: context.today,
    remittanceInformationUnstructured: request.remittanceInformationUnstructured,
    creditorName,
    creditorAccount: { bban: creditor?.bban ?? "", iban: creditor?.iban ?? "" },
    debtorName: debtor?.accountName ?? "",
    debtorAccount: { bban: debtor?.bban ?? "", iban: debtor?.iban ?? "" },
    bankTransactionCode: "PMNT-ICDT-DMCT",
    ultimateDebtor: "",
    ultimateCreditor: "",
    purposeCode: "",
    _links: { self: { href: `${origin}${hrefOf("getSandboxTransaction", { mockAccountId, transactionId })}`, verbs: ["GET"] } },
  };
}

const json = { "Content-Type": "application/json" };

/**
 * The answer the sandbox gives to the operation's example request. `origin` is the address the
 * links point to (the sandbox's); `params` are the example request's path parameters.
 */
export function exampleResponse(operation: Operation, context: ExampleContext, params: Params, origin: string): ExampleResponse {
  const ok = (body: unknown, headers: Record<string, string> = {}): ExampleResponse => ({
    status: operation.success.status,
    headers: { ...json, ...headers },
    body,
  });
  const single = operation.group === "Payments";
  const paymentId = idOf(params, "paymentId");
  const basketId = idOf(params, "basketId");
  switch (operation.id) {
    case "createPayment":
    case "createPeriodicPayment": {
      const links = paymentLinks(origin, operation.id === "createPayment" ? "payments" : "periodic-payments", EXAMPLE_IDS.paymentId, true);
      return ok(
        { paymentId: EXAMPLE_IDS.paymentId, transactionStatus: "RCVD", _links: links },
        { Location: links.self?.href ?? "", "ASPSP-SCA-Approach": "REDIRECT" },
      );
    }
    case "getPayment":
    case "getPeriodicPayment": {
      const request = exampleRequest(single ? "createPayment" : "createPeriodicPayment", context, {}).body as Record<string, unknown>;
      return ok({ ...request, paymentId, transactionStatus: "RCVD", _links: paymentLinks(origin, single ? "payments" : "periodic-payments", paymentId, true) });
    }
    case "getPaymentStatus":
    case "getPeriodicPaymentStatus":
      return ok({ transactionStatus: "ACTC" });
    case "createSigningBasket": {
      const links = basketLinks(origin, EXAMPLE_IDS.basketId, true);
      return ok({ basketId: EXAMPLE_IDS.basketId, transactionStatus: "RCVD", _links: links }, { Location: links.self?.href ?? "" });
    }
    case "getSigningBasket":
      return ok({ basketId, payments: [EXAMPLE_IDS.paymentId], transactionStatus: "RCVD", _links: basketLinks(origin, basketId, true) });
    case "getSigningBasketStatus":
      return ok({ transactionStatus: "RCVD" });
    case "deletePayment":
    case "deletePeriodicPayment":
    case "deleteSigningBasket":
      return { status: operation.success.status, headers: {} };
    case "createSandboxAccount":
      return ok(createdAccount(context, origin), { Location: `${origin}${hrefOf("getSandboxAccount", { mockAccountId: EXAMPLE_IDS.resourceId })}` });
    case "getSandboxAccount":
      return ok(namedAccount(context, params, origin));
    case "updateSandboxBalances":
      return ok({ ...namedAccount(context, params, origin), ...(exampleRequest(operation.id, context, params).body as object) });
    case "listSandboxTransactions": {
      const mockAccountId = given(params.mockAccountId) ?? EXAMPLE_IDS.resourceId;
      const page = (rel: string) => `<${origin}${hrefOf("listSandboxTransactions", { mockAccountId }, { offset: "0", limit: "200" })}>; rel="${rel}"`;
      return ok([transaction(context, params, origin)], { Link: `${page("first")}, ${page("last")}`, "X-Total-Count": "1" });
    }
    case "createSandboxTransaction":
    case "getSandboxTransaction":
      return ok(transaction(context, params, origin));
    case "createAgreement": {
      const request = exampleRequest(operation.id, context, params).body as { customerNumber: string; accountIds: string[] };
      return ok({ agreementId: EXAMPLE_IDS.agreementId, ...request });
    }
    case "initializeSandbox":
      return ok({
        customers: context.customers.length,
        accounts: context.accounts.length,
        transactions: context.accounts.reduce((sum, item) => sum + item.transactionCount, 0),
      });
    case "registerContactEmail":
      return ok({ ...(exampleRequest(operation.id, context, params).body as { email: string }), registeredAt: `${context.today}T09:30:00.000Z` });
  }
}
