/**
 * Example bodies of the sandbox's control routes (decision 0024), from the fixed data set after
 * Kari's payment of the payment examples: what the OpenAPI document shows for the "Sandbox
 * control" tag. A unit test parses each with the route's schemas.
 */
import type { ControlRouteId } from "./control";
import type { OperationExample } from "./operation-examples";
import { EXAMPLE_PAYMENT_ID, singlePaymentRequest } from "./payment-examples";

const clock = {
  now: "2026-11-24T12:18:19.120Z",
  today: "2026-11-24",
  offsetMs: 0,
  lastBatchRunAt: "2026-11-24T11:00:00.000Z",
  nextBatchRunAt: "2026-11-24T14:00:00.000Z",
  batchTimes: ["06:00", "09:00", "12:00", "15:00", "18:00"],
  scaWindowMinutes: 10,
};
const REDIRECT = "https://tpp.example.no/callback";
const payment = {
  paymentId: EXAMPLE_PAYMENT_ID,
  transactionStatus: "RCVD",
  psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
  customerNumber: "01817010055",
  redirectUri: REDIRECT,
  debtorAccountId: "acc-001",
  creditorAccountId: "acc-003",
  statusHistory: [{ status: "RCVD", at: 1795522699000, reason: "Initiation received." }],
  createdAt: 1795522699000,
  product: "single",
  request: singlePaymentRequest,
  executionDate: "2026-11-24",
};
const scenarioRule = {
  id: "hold-big",
  label: "Large payments from Kari wait for review",
  enabled: true,
  match: { operations: ["createPayment"], debtorAccount: "97100000028", amount: { min: "10000" } },
  outcome: { kind: "hold", status: "ACSP" },
};
const account = {
  resourceId: "acc-001",
  customerNumber: "01817010055",
  accountName: "Brukskonto",
  bban: "97100000028",
  iban: "NO7797100000028",
  currency: "NOK",
  product: "Brukskonto",
  cashAccountType: "CACC",
  creditLine: 0,
  balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 25180.5, currency: "NOK" } }],
  kidRequired: false,
  inAgreement: true,
  transactionCount: 54,
};
const exportDocument = {
  format: "psd2-sandbox-export",
  schemaVersion: 4,
  exportedAt: "2026-11-24T12:52:29.695Z",
  stores: { customers: [], accounts: [], agreements: [], payments: [], baskets: [], transactions: [] },
};

/** A payment creation as the sandbox recorded it (GET /__sandbox/requests/{id}). */
const recordedSummary = {
  id: "0000019ab5c3f2e1-00000007a1f3",
  at: "2026-11-24T12:20:19.120Z",
  method: "POST",
  path: "/v1/payments/norwegian-domestic-credit-transfers",
  query: "",
  operation: "createPayment",
  status: 201,
  ms: 4.2,
  tpp: {
    keySha256: "5a8f0c2e4b6d8f1a3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c1e3b5d7f9a",
    certificateSha256: "9c1e3a5b7d0f2c4e6a8b1d3f5c7e9a0b2d4f6c8e1a3b5d7f9c0e2a4b6d8f1c3e",
    organizationIdentifier: "PSDNO-FSA-123456789",
    subject: "CN=Test TPP,organizationIdentifier=PSDNO-FSA-123456789,C=NO",
    verified: true,
  },
  requestId: "6b0f3c9e-5f1e-4a59-9d0f-7a5c0a8f3d21",
  scenario: null,
  changes: [{ kind: "payment", id: EXAMPLE_PAYMENT_ID, to: "RCVD" }],
} as const;

const tenantKey = {
  spkiSha256: "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a1c3e5b7d9f0a2c4e6b8d0f",
  subject: "CN=TPP 123456789,organizationIdentifier=PSDNO-FSA-123456789,O=TPP AS,C=NO",
  boundAt: "2026-11-24T12:18:19.120Z",
};

export const controlExamples: Record<ControlRouteId, OperationExample> = {
  sandboxClock: { response: clock },
  advanceClock: { request: { days: 1 }, response: { clock: { ...clock, now: "2026-11-25T12:18:19.120Z", today: "2026-11-25", offsetMs: 86400000 }, runs: [] } },
  runBatch: { response: { runs: [{ at: 1795522699104, date: "2026-11-24", settled: [EXAMPLE_PAYMENT_ID], rejected: [] }], clock } },
  catchUpBatches: { response: { runs: [], clock } },
  setBatchTimes: { request: { batchTimes: ["06:00", "12:00"] }, response: { ...clock, batchTimes: ["06:00", "12:00"] } },
  setScaWindow: { request: { minutes: 30 }, response: { ...clock, scaWindowMinutes: 30 } },
  sandboxCustomers: {
    response: [
      { customerNumber: "01817010055", name: "Kari Nordmann", psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21", kind: "private", createdAt: 1795522698379 },
    ],
  },
  sandboxAccounts: { response: [account] },
  sandboxAgreements: { response: [{ agreementId: "agr-001", customerNumber: "01817010055", accountIds: ["acc-001", "acc-002"] }] },
  sandboxPayments: { response: [payment] },
  sandboxPayment: { response: payment },
  releasePayment: {
    response: {
      ...payment,
      transactionStatus: "ACTC",
      statusHistory: [
        ...payment.statusHistory,
        { status: "ACSP", at: 1795522710000, reason: "The PSU approved with SCA. Held in ACSP by scenario rule hold-big (hold;status=ACSP)." },
        { status: "ACTC", at: 1795522760000, reason: "Released from the scenario's hold in the sandbox control API." },
      ],
      scenario: { source: { by: "rule", ruleId: "hold-big" }, outcome: { kind: "hold", status: "ACSP" }, releasedAt: 1795522760000 },
    },
  },
  scenarioRules: { response: { rules: [scenarioRule] } },
  setScenarioRules: { request: { rules: [scenarioRule] }, response: { rules: [scenarioRule] } },
  scaRequest: {
    response: {
      subject: "payment",
      id: EXAMPLE_PAYMENT_ID,
      redirectUri: REDIRECT,
      transactionStatus: "RCVD",
      scaExpiresAt: "2026-11-24T12:28:19.120Z",
      payments: [
        {
          paymentId: EXAMPLE_PAYMENT_ID,
          product: "single",
          transactionStatus: "RCVD",
          instructedAmount: { amount: "250.00", currency: "NOK" },
          creditorName: "Ola Nordmann",
          creditorAccount: { bban: "97100000044", currency: "NOK" },
          debtorAccount: { bban: "97100000028", iban: "NO7797100000028", name: "Brukskonto" },
          psuName: "Kari Nordmann",
          executionDate: "2026-11-24",
        },
      ],
    },
  },
  scaDecision: {
    request: { decision: "approve" },
    response: { transactionStatus: "ACTC", redirect: `${REDIRECT}?paymentId=${EXAMPLE_PAYMENT_ID}&scaResult=ok` },
  },
  exportSandbox: { response: exportDocument },
  importSandbox: { request: exportDocument, response: clock },
  resetSandbox: { response: clock },
  sandboxSettings: { response: { contactEmail: null } },
  sandboxInfo: { response: { product: "psd2-sandbox", apiVersion: 1, dataVersion: 4 } },
  sandboxChanges: { response: { revision: 2, since: "2026-11-24T12:52:27.894Z" } },
  testIdentities: {
    response: {
      nationalIdentityNumbers: ["10906617191"],
      dNumbers: ["56877743883"],
      organisationNumbers: ["979862474"],
      accountNumbers: ["97103217613"],
      kidsMod10: ["1011460696"],
      kidsMod11: ["2034808190"],
    },
  },
  sandboxRequests: { response: { requests: [{ ...recordedSummary, diagnosisCodes: [] }], next: "0000019ab5c3f2e1-00000007a1f3" } },
  sandboxRequest: {
    response: {
      ...recordedSummary,
      request: {
        headers: { "content-type": "application/json", "x-request-id": recordedSummary.requestId, digest: "SHA-256=…" },
        body: { text: '{"instructedAmount":{"amount":"250.00","currency":"NOK"}}', bytes: 56, keptBytes: 56 },
      },
      response: {
        headers: { "content-type": "application/json", location: `/v1/payments/norwegian-domestic-credit-transfers/${EXAMPLE_PAYMENT_ID}` },
        body: { text: `{"transactionStatus":"RCVD","paymentId":"${EXAMPLE_PAYMENT_ID}"}`, bytes: 71, keptBytes: 71 },
      },
      diagnosis: [],
    },
  },
  sandboxReport: {
    response: {
      tpp: null,
      requests: 42,
      since: "2026-11-24T12:20:19.120Z",
      truncated: false,
      checks: [
        {
          id: "request-id-unique",
          title: "A new X-Request-ID for every request",
          status: "fail",
          evidence: ["0000019ab5c3f2e1-00000007a1f3", "0000019ab5c3f9a0-0000000aa1f3"],
          source: "spec 4.1 (X-Request-ID: unique per call)",
          detail: `2 requests share an X-Request-ID (${recordedSummary.requestId}): send a new UUID with every request, a retry too.`,
        },
      ],
    },
  },
  tenantKeys: { response: { keys: [tenantKey] } },
  addTenantKey: {
    request: { certificate: "MIIDdzCCAl+gAwIBAgIUUnKb…" },
    response: {
      keys: [tenantKey, { ...tenantKey, spkiSha256: "1b3d5f7a9c0e2f4a6c8e0b2d4f6a8c1e3f5b7d9a0c2e4f6b8d1a3c5e7f9b0d2a", boundAt: "2026-11-25T09:02:44.501Z" }],
    },
  },
  removeTenantKey: { response: { keys: [tenantKey] } },
};
