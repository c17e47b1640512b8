/** One handler per row of the control table (src/contract/control.ts); the table says what each is given. */
import type { ControlHandlers } from "./context";
import type { SandboxEnv } from "../env/sandbox-env";
import { answerWith } from "./answer";
import { advanceClock, catchUpRoute, clockState, runBatch, setBatchTimes, setScaWindow } from "./clock-and-batch";
import { listAccounts, listAgreements, listCustomers, listPayments, showPayment } from "./explorer";
import { importSandbox } from "./import";
import { SANDBOX_API_VERSION } from "../../src/contract/control-schemas";
import { CURRENT_SCHEMA_VERSION } from "../store/export-format";
import { decideSca, showSca } from "./sca";
import { testIdentities } from "./identities";
import { hostedOnly } from "./hosted-only";
import { releasePayment, scenarioRules, setScenarioRules } from "./scenarios";
import { listTraffic, showTraffic } from "./traffic";
import { clientReport } from "./report";

/** The sandbox's change count as the contract writes it. */
export const changesNow = (env: SandboxEnv) => ({ revision: env.changes.revision, since: new Date(env.changes.since).toISOString() });

export const controlHandlers: ControlHandlers = {
  sandboxClock: async ({ env }) => answerWith("sandboxClock", await clockState(env)),
  advanceClock: ({ env, body }) => advanceClock(env, body),
  runBatch: ({ env }) => runBatch(env),
  catchUpBatches: ({ env }) => catchUpRoute(env),
  setBatchTimes: ({ env, body }) => setBatchTimes(env, body),
  setScaWindow: ({ env, body }) => setScaWindow(env, body),
  sandboxCustomers: ({ env }) => listCustomers(env),
  sandboxAccounts: ({ env, url }) => listAccounts(env, url.origin),
  sandboxAgreements: ({ env }) => listAgreements(env),
  sandboxPayments: ({ env, query }) => listPayments(env, query.limit),
  sandboxPayment: ({ env, params }) => showPayment(env, params.paymentId),
  releasePayment: ({ env, params }) => releasePayment(env, params.paymentId),
  scenarioRules: ({ env }) => scenarioRules(env),
  setScenarioRules: ({ env, body }) => setScenarioRules(env, body),
  scaRequest: ({ env, params }) => showSca(env, params.subject, params.id),
  scaDecision: ({ env, params, body }) => decideSca(env, params.subject, params.id, body.decision),
  exportSandbox: async ({ env }) => answerWith("exportSandbox", await env.store.exportAll()),
  importSandbox: ({ env, body }) => importSandbox(env, body),
  resetSandbox: async ({ env }) => {
    await env.store.clear();
    env.transactionCounts.clear();
    env.lastClockOffsetMs = 0;
    await env.store.write((tx) => tx.putMeta("lastBatchRunAt", env.realNow()));
    return answerWith("resetSandbox", await clockState(env));
  },
  sandboxSettings: async ({ env }) => answerWith("sandboxSettings", { contactEmail: (await env.store.read((tx) => tx.meta("contactEmail"))) ?? null }),
  sandboxInfo: ({ env }) =>
    Promise.resolve(
      answerWith("sandboxInfo", {
        product: "psd2-sandbox",
        apiVersion: SANDBOX_API_VERSION,
        dataVersion: CURRENT_SCHEMA_VERSION,
        ...(env.hosted ? { multiTenant: true } : {}),
      }),
    ),
  testIdentities: ({ env, query }) => testIdentities(env, query.count),
  // The standalone server streams this route to a client that accepts text/event-stream (mocks/server/change-streams.ts).
  sandboxChanges: ({ env }) => Promise.resolve(answerWith("sandboxChanges", changesNow(env))),
  sandboxRequests: ({ env, query }) => listTraffic(env, query),
  sandboxRequest: ({ env, params }) => showTraffic(env, params.id),
  sandboxReport: ({ env, query }) => clientReport(env, query),
  tenantKeys: ({ env }) => env.hosted?.keys?.list() ?? hostedOnly(),
  addTenantKey: ({ env, body }) => env.hosted?.keys?.add(body.certificate) ?? hostedOnly(),
  removeTenantKey: ({ env, params }) => env.hosted?.keys?.remove(params.spkiSha256) ?? hostedOnly(),
};
