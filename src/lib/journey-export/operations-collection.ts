/**
 * The Postman collection of the whole interface (issue 11, point 3): every operation of the
 * contract with its example request, in an order that runs from top to bottom (each answer's id
 * kept in a collection variable for the requests after it), and first a "Payment journey" folder.
 * Every request signs itself (postman-signer.js).
 *
 * It stands alone (issue 27, point 4): a "Setup" folder makes the customers and accounts it uses
 * (numbers from the sandbox's identity generator), so it never depends on the data of the sandbox it
 * was exported from; dates are computed when it runs (Oslo); "Initialize sandbox", which resets the
 * whole sandbox, runs only when the variable resetSandbox is "yes".
 */
import type { Customer, ExplorerAccount } from "../../contract/control-schemas";
import { operationById, operations, type Operation, type OperationId } from "../../contract/operations";
import { hrefOf } from "../../contract/paths";
import { exampleValues, type ExampleContext } from "../examples";
import {
  COLLECTION_SCHEMA,
  credentialVariables,
  requestItem,
  RESET_ONLY_WHEN_ASKED,
  RESET_VARIABLE,
  signingEvent,
  withUsedVariables,
  type CollectionCredentials,
  type ItemSpec,
  type PostmanCollection,
  type PostmanFolder,
  type PostmanRequestItem,
} from "./postman-format";

export interface OperationsCollectionInput {
  context: ExampleContext;
  /** Origin of the interface (and of the sandbox's routes): the sandbox server. */
  base: string;
  credentials: CollectionCredentials;
}

/** The collection's own parties, as variables the Setup folder fills: the examples are made from these, never from a sandbox's data. */
function variableContext(context: ExampleContext): ExampleContext {
  const customer = (customerNumber: string, psuId: string, kind: Customer["kind"], name: string) =>
    ({ customerNumber, psuId, kind, name, createdAt: 0 }) satisfies Customer;
  const account = (customerNumber: string, resourceId: string, bban: string, inAgreement: boolean) =>
    ({ customerNumber, resourceId, bban, inAgreement, currency: "NOK", kidRequired: false }) as Partial<ExplorerAccount> as ExplorerAccount;
  return {
    ...context,
    psuId: "{{psuId}}",
    customers: [
      customer("{{debtorCustomerNumber}}", "{{psuId}}", "private", "{{debtorName}}"),
      customer("{{creditorCustomerNumber}}", "{{creditorPsuId}}", "private", "{{creditorName}}"),
    ],
    accounts: [
      account("{{debtorCustomerNumber}}", "{{mockAccountId}}", "{{debtorBban}}", true),
      account("{{creditorCustomerNumber}}", "{{creditorAccountId}}", "{{creditorBban}}", true),
      account("{{companyNumber}}", "{{companyAccountId}}", "{{companyBban}}", false),
    ],
  };
}

/** The account the Setup folder opens for a customer of its own, with money to pay from. */
const setupAccount = (customerNumber: string, accountName: string) =>
  JSON.stringify(
    {
      customerNumber,
      accountName,
      currency: "NOK",
      cashAccountType: "CACC",
      balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 100000, currency: "NOK" } }],
    },
    null,
    2,
  );

/** Makes the collection's own customers and accounts: new numbers from the identity generator each run, so a second run is no clash. */
function setupFolder(context: ExampleContext): PostmanFolder {
  const headers = operationSpec(operationById("createSandboxAccount"), context).headers;
  const open = (name: string, customerVariable: string, keep: { variable: string; field: string }[]): ItemSpec => ({
    name,
    method: "POST",
    base: "sandboxBaseUrl",
    target: operationById("createSandboxAccount").path,
    headers,
    body: setupAccount(`{{${customerVariable}}}`, name.replace(/^.* for /, "")),
    expectStatus: 201,
    keep,
  });
  const read = (name: string, target: string, checks: string[]): ItemSpec => ({
    name,
    method: "GET",
    base: "sandboxBaseUrl",
    target,
    headers: [],
    expectStatus: 200,
    checks,
  });
  return {
    name: "Setup",
    description:
      "Makes what the other requests use: three new customers (numbers from the sandbox's identity generator) with an account each. " +
      "Nothing the sandbox held before is read or changed. To use customers of your own instead, skip this folder and fill the variables it sets.",
    item: [
      requestItem(
        read("New customer numbers", `${hrefOf("testIdentities", {})}?count=1`, [
          "const identities = pm.response.json();",
          'pm.collectionVariables.set("debtorCustomerNumber", identities.nationalIdentityNumbers[0]);',
          'pm.collectionVariables.set("creditorCustomerNumber", identities.dNumbers[0]);',
          'pm.collectionVariables.set("companyNumber", identities.organisationNumbers[0]);',
        ]),
      ),
      requestItem(
        open("Open an account for the payer", "debtorCustomerNumber", [
          { variable: "mockAccountId", field: "resourceId" },
          { variable: "debtorBban", field: "bban" },
        ]),
      ),
      requestItem(
        open("Open an account for the payee", "creditorCustomerNumber", [
          { variable: "creditorAccountId", field: "resourceId" },
          { variable: "creditorBban", field: "bban" },
        ]),
      ),
      requestItem(
        open("Open an account for the company", "companyNumber", [
          { variable: "companyAccountId", field: "resourceId" },
          { variable: "companyBban", field: "bban" },
        ]),
      ),
      requestItem(
        read("The new customers' PSU ids and names", hrefOf("sandboxCustomers", {}), [
          "const customers = pm.response.json();",
          "const find = (number) => customers.find((customer) => customer.customerNumber === number);",
          'const payer = find(pm.collectionVariables.get("debtorCustomerNumber"));',
          'const payee = find(pm.collectionVariables.get("creditorCustomerNumber"));',
          'pm.collectionVariables.set("psuId", payer.psuId);',
          'pm.collectionVariables.set("debtorName", payer.name);',
          'pm.collectionVariables.set("creditorPsuId", payee.psuId);',
          'pm.collectionVariables.set("creditorName", payee.name);',
        ]),
      ),
    ],
  };
}

/** Which collection variable a path parameter reads, per operation group. */
function variableOf(operation: Operation, name: string): string {
  if (name === "paymentId") return operation.group === "Periodic payments" ? "periodicPaymentId" : "paymentId";
  return name;
}

const baseVariable = (operation: Operation) => (operation.base === "api" ? "baseUrl" : "sandboxBaseUrl");

/** The example body as the collection sends it: dates that stay valid whenever it runs, the basket's payment from an earlier answer. */
function bodyOf(id: OperationId, example: unknown): string | undefined {
  if (example === undefined) return undefined;
  const body = { ...(example as Record<string, unknown>) };
  if (id === "createPayment") delete body.requestedExecutionDate; // omitted: as soon as possible
  if (id === "createPeriodicPayment") body.startDate = "{{firstOfNextMonth}}";
  if (id === "createSigningBasket") body.paymentIds = ["{{basketPaymentId}}"];
  return JSON.stringify(body, null, 2);
}

/** What to keep from each creation's answer. */
const KEEP: Partial<Record<OperationId, { variable: string; field: string }>> = {
  createPayment: { variable: "paymentId", field: "paymentId" },
  createPeriodicPayment: { variable: "periodicPaymentId", field: "paymentId" },
  createSigningBasket: { variable: "basketId", field: "basketId" },
  createSandboxTransaction: { variable: "transactionId", field: "id" },
};

function operationSpec(operation: Operation, context: ExampleContext): ItemSpec {
  const values = exampleValues(operation.id, context, {});
  const known = Object.keys(operation.headers.shape);
  const body = operation.body === undefined ? undefined : bodyOf(operation.id, values.body ?? {});
  const headers = Object.entries(values.headers).filter((entry): entry is [string, string] => known.includes(entry[0]) && !!entry[1]);
  const target = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => `{{${variableOf(operation, name)}}}`);
  const keep = KEEP[operation.id];
  return {
    name: operation.title,
    method: operation.method,
    base: baseVariable(operation),
    target,
    headers: body === undefined ? headers : [...headers, ["Content-Type", "application/json"]],
    body,
    description: operation.summary,
    expectStatus: operation.success.status,
    ...(keep ? { keep: [keep] } : {}),
  };
}

function journeyFolder(context: ExampleContext): PostmanFolder {
  const create = operationSpec(operationById("createPayment"), context);
  const status = operationSpec(operationById("getPaymentStatus"), context);
  const control = (name: string, target: string, description: string): ItemSpec => ({
    name,
    method: "POST",
    base: "sandboxBaseUrl",
    target,
    headers: [["Content-Type", "application/json"]],
    body: target.includes("/sca/") ? JSON.stringify({ decision: "approve" }) : "{}",
    description,
    expectStatus: 200,
  });
  return {
    name: "Payment journey",
    description: "Create a payment, approve SCA through the sandbox's control route (what the PSU does on the bank's page), run the batch, read the status.",
    item: [
      requestItem({ ...create, name: "1. Create the payment (RCVD)", keep: [{ variable: "journeyPaymentId", field: "paymentId" }] }),
      requestItem(
        control(
          "2. Approve SCA, as the PSU would at the bank (ACTC)",
          hrefOf("scaDecision", { subject: "payment", id: "" }) + "{{journeyPaymentId}}",
          "Sandbox only: a bank has no such route.",
        ),
      ),
      requestItem(
        control("3. Run the batch (books due payments)", hrefOf("runBatch", {}), "Sandbox only: the batch runs five times a business day by itself."),
      ),
      requestItem({
        ...status,
        name: "4. Read the status (ACSC once booked)",
        target: status.target.replace("{{paymentId}}", "{{journeyPaymentId}}"),
        checks: [
          `pm.test("approved: booked, or waiting for a business day", () => {`,
          `  pm.expect(pm.response.json().transactionStatus).to.be.oneOf(["ACSC", "ACTC", "PDNG"]);`,
          `});`,
        ],
      }),
    ],
  };
}

/** Folders in the contract's groups, in an order that runs: each request finds the ids it needs. */
function operationFolders(context: ExampleContext): PostmanFolder[] {
  const folders = new Map<string, PostmanRequestItem[]>();
  for (const operation of operations) {
    const items = folders.get(operation.group) ?? [];
    if (operation.id === "createSigningBasket") {
      // A basket needs a payment of its own that is still RCVD.
      const payment = operationSpec(operationById("createPayment"), context);
      items.push(requestItem({ ...payment, name: "Create a payment for the basket", keep: [{ variable: "basketPaymentId", field: "paymentId" }] }));
    }
    const spec = operationSpec(operation, context);
    items.push(requestItem(operation.id === "initializeSandbox" ? { ...spec, prerequest: RESET_ONLY_WHEN_ASKED } : spec));
    folders.set(operation.group, items);
  }
  return [...folders].map(([name, item]) => ({ name, item }));
}

export function operationsCollection(input: OperationsCollectionInput): PostmanCollection {
  const base = input.base.replace(/\/+$/, "");
  const context = variableContext(input.context);
  const item = [setupFolder(context), journeyFolder(context), ...operationFolders(context)];
  return {
    info: {
      name: "PSD2 payment initiation sandbox",
      description: [
        "Every operation of the interface with its example request, and the payment journey, against the sandbox server.",
        "Each request signs itself (the collection's pre-request script): a fresh X-Request-ID and Date, the Digest of the body, the Signature made with the key in the variable tppPrivateKey, and tppCertificate sent as TPP-Signature-Certificate.",
        "They are prefilled with the public sandbox test certificate and its key (test data, the same for everyone); put your own there to sign as yourself.",
        "Run the whole collection top to bottom: the Setup folder makes the customers and accounts the others use, and each answer's id is kept for the requests after it. It leaves what the sandbox held before as it was.",
        "Initialize sandbox resets the whole sandbox to its fixed data: it is skipped unless you set the variable resetSandbox to yes.",
      ].join("\n\n"),
      schema: COLLECTION_SCHEMA,
    },
    event: [signingEvent()],
    variable: withUsedVariables(
      [
        { key: "baseUrl", value: base, description: "{base_url}: the sandbox server." },
        { key: "sandboxBaseUrl", value: base, description: "{sandbox_base_url}: the sandbox server (its /v1/sandbox/ and /__sandbox/ routes)." },
        ...credentialVariables(input.credentials),
        RESET_VARIABLE,
      ],
      item,
    ),
    item,
  };
}
