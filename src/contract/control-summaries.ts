/**
 * What each control route does, for the server's index page and /openapi.json. Kept apart from
 * the table so that the portal's bundle, which never shows them, does not carry them; typed by the
 * table's ids, so a route without a summary does not compile.
 */
import type { ControlRouteId } from "./control";

export const controlSummaries: Record<ControlRouteId, string> = {
  sandboxClock: "The sandbox clock, the last and next batch run, the batch times.",
  advanceClock: 'Moves the clock forward: {"days":1,"hours":2,"minutes":3} or {"to":"2030-01-01T09:00:00+01:00"}; due batch runs follow.',
  runBatch: "Runs the batch now: books every due approved payment.",
  catchUpBatches: "Runs the scheduled batches missed up to now (the server does this every 30 s).",
  setBatchTimes: 'Sets the batch times (Oslo time): {"batchTimes":["06:00","12:00"]}.',
  setScaWindow:
    'Sets how long a payment or basket may await SCA before it expires (RJCT), in minutes of the sandbox clock: {"minutes":10} (the default; 1 to 10080).',
  sandboxCustomers: "Every customer.",
  sandboxAccounts: "Every account, with balances.",
  sandboxAgreements: "Every agreement.",
  sandboxPayments: "The newest payments.",
  sandboxPayment: "One payment, with its status history.",
  releasePayment:
    "Releases a payment a scenario holds (ACSP, PDNG) or left ACWC: it goes on as approved (ACTC, or PDNG until its execution date) and the batch books it.",
  scenarioRules: "The scenario rules: forced outcomes for requests that match (the X-Sandbox-Scenario header forces one for one request).",
  setScenarioRules:
    'Replaces the scenario rules: {"rules":[{"enabled":true,"match":{"operations":["createPayment"]},"outcome":{"kind":"sca-declined"}}]}; the first enabled rule that matches fires; at most 50.',
  scaRequest: "What the PSU is asked to approve (subject: payment or basket).",
  scaDecision: 'Decides SCA without the bank page: {"decision":"approve"} or {"decision":"decline"}.',
  exportSandbox: "Everything the sandbox holds, as one JSON document.",
  importSandbox: "Replaces everything with an export (validated first; a bad file changes nothing).",
  resetSandbox: "Empties the sandbox and resets its clock.",
  sandboxSettings: "The registered contact e-mail.",
  sandboxInfo: "Which sandbox this is: the interface and control version it speaks, and the schema version of its exports.",
  testIdentities:
    "Valid Norwegian test identities with their check digits: synthetic national identity and D-numbers, organisation numbers, free account numbers at the sandbox bank, and KIDs (MOD10 and MOD11); ?count=1…20 of each (5 by default).",
  sandboxChanges:
    "How many changes the sandbox has committed. With Accept: text/event-stream the server keeps the answer open and sends a `change` event after each burst of changes (a few per second at most), a comment every 15 s, and ends it after 10 minutes (EventSource reconnects); at most 32 streams at once.",
  sandboxRequests:
    "The requests the sandbox answered, newest first (every client: the portal, curl, a TPP's back end): ?status=4xx|401, ?operation=createPayment, ?tpp=<certificate SHA-256>, ?since= and ?until= (ISO 8601), ?limit=1…200 (50), and ?cursor= the `next` of the page before. Hosted: the signing TPP's own only.",
  sandboxReport:
    "The client report: each check of a client's recorded requests against the interface's rules (signing, X-Request-ID, Retry-After, SCA, pages, cancellation, polling), pass, fail with the requests that show it, or untested; ?tpp=<certificate SHA-256> for one client, ?since= (ISO 8601) for a test run's own. Hosted: the signing TPP's own only.",
  sandboxRequest: "One recorded request whole: its headers and body, the answer's, the TPP, the scenario applied and what it changed.",
  tenantKeys:
    "Hosted server only: the keys this TPP's sandbox accepts signatures from (SHA-256 of each SubjectPublicKeyInfo). The first certificate to reach the sandbox binds its key.",
  addTenantKey:
    "Hosted server only, signed with a bound key: also accept the key of this certificate (base64 DER, the same organizationIdentifier, a strong key); at most 10 keys.",
  removeTenantKey: "Hosted server only, signed with a bound key: stop accepting a key. The last key cannot be removed.",
};
