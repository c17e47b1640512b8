/**
 * The control table: every route of the sandbox's own control API (/__sandbox/…), one row of data
 * each, as operations.ts is for the interface (what each does is in control-summaries.ts). Unsigned, sandbox only. The sandbox's control
 * dispatcher routes and validates with it, the portal's clients send and parse with it, the
 * standalone server lists it on its index page, and /openapi.json publishes it under the tag
 * "Sandbox control" (decision 0024).
 */
import {
  AdvanceClock,
  Agreement,
  BatchTimes,
  Clock,
  Customer,
  ExplorerAccount,
  ExplorerPayment,
  ExportDocument,
  RunsAndClock,
  SandboxChanges,
  SandboxInfo,
  SandboxSettings,
  ScaWindow,
  TestIdentities,
  TestIdentitiesQuery,
  ScaDecided,
  ScaDecisionBody,
  ScaRequest,
  ScaSubject,
  AddTenantKey,
  PaymentListQuery,
  TenantKeyPath,
  TenantKeys,
} from "./control-schemas";
import { ScenarioRuleSet, ScenarioRulesBody } from "./scenarios";
import { ClientReport, ReportQuery, TrafficIdPath, TrafficPage, TrafficQuery, TrafficRecord } from "./traffic";
import { z } from "./zod";

export const CONTROL_GROUP = "Sandbox control";

/** A row as written in the table; `ControlRoute` is a row whose id is one of the table's. */
export interface ControlRouteRow {
  id: string;
  method: "GET" | "POST" | "PUT";
  base: "control";
  group: typeof CONTROL_GROUP;
  path: string;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * The body is a whole sandbox: no limit on its number of values, a larger size limit on the
   * server, and checked by the store (records, versions, consistency) rather than by `body`.
   */
  wholeSandbox?: true;
  response: z.ZodType;
  /**
   * Also served as a stream of `response`s (text/event-stream) to a client that accepts one; the
   * standalone server holds it open, the in-browser sandbox answers the JSON once.
   */
  eventStream?: true;
  /** Only a hosted (multi-tenant) server serves it; the in-browser and local sandboxes answer 404. */
  hostedOnly?: true;
}

const PaymentIdPath = z.object({ paymentId: z.string().min(1) });
const ScaPath = z.object({ subject: ScaSubject, id: z.string().min(1) });

const row = <const Row extends Omit<ControlRouteRow, "base" | "group">>(route: Row) => ({ ...route, base: "control", group: CONTROL_GROUP }) as const;

export const controlRoutes = [
  row({ id: "sandboxClock", method: "GET", path: "/__sandbox/clock", response: Clock }),
  row({
    id: "advanceClock",
    method: "POST",
    path: "/__sandbox/clock/advance",
    body: AdvanceClock,
    response: RunsAndClock,
  }),
  row({ id: "runBatch", method: "POST", path: "/__sandbox/batch/run", response: RunsAndClock }),
  row({
    id: "catchUpBatches",
    method: "POST",
    path: "/__sandbox/batch/catch-up",
    response: RunsAndClock,
  }),
  row({
    id: "setBatchTimes",
    method: "PUT",
    path: "/__sandbox/batch/times",
    body: BatchTimes,
    response: Clock,
  }),
  row({ id: "setScaWindow", method: "PUT", path: "/__sandbox/sca-window", body: ScaWindow, response: Clock }),
  row({ id: "sandboxCustomers", method: "GET", path: "/__sandbox/customers", response: z.array(Customer) }),
  row({ id: "sandboxAccounts", method: "GET", path: "/__sandbox/accounts", response: z.array(ExplorerAccount) }),
  row({ id: "sandboxAgreements", method: "GET", path: "/__sandbox/agreements", response: z.array(Agreement) }),
  row({
    id: "sandboxPayments",
    method: "GET",
    path: "/__sandbox/payments",
    query: PaymentListQuery,
    response: z.array(ExplorerPayment),
  }),
  row({
    id: "sandboxPayment",
    method: "GET",
    path: "/__sandbox/payments/{paymentId}",
    pathParams: PaymentIdPath,
    response: ExplorerPayment,
  }),
  row({
    id: "releasePayment",
    method: "POST",
    path: "/__sandbox/payments/{paymentId}/release",
    pathParams: PaymentIdPath,
    response: ExplorerPayment,
  }),
  row({ id: "scenarioRules", method: "GET", path: "/__sandbox/scenarios", response: ScenarioRuleSet }),
  row({ id: "setScenarioRules", method: "PUT", path: "/__sandbox/scenarios", body: ScenarioRulesBody, response: ScenarioRuleSet }),
  row({
    id: "scaRequest",
    method: "GET",
    path: "/__sandbox/sca/{subject}/{id}",
    pathParams: ScaPath,
    response: ScaRequest,
  }),
  row({
    id: "scaDecision",
    method: "POST",
    path: "/__sandbox/sca/{subject}/{id}",
    pathParams: ScaPath,
    body: ScaDecisionBody,
    response: ScaDecided,
  }),
  row({ id: "exportSandbox", method: "GET", path: "/__sandbox/export", response: ExportDocument }),
  row({
    id: "importSandbox",
    method: "POST",
    path: "/__sandbox/import",
    body: ExportDocument,
    wholeSandbox: true,
    response: Clock,
  }),
  row({ id: "resetSandbox", method: "POST", path: "/__sandbox/reset", response: Clock }),
  row({ id: "sandboxSettings", method: "GET", path: "/__sandbox/settings", response: SandboxSettings }),
  row({ id: "sandboxInfo", method: "GET", path: "/__sandbox/info", response: SandboxInfo }),
  row({ id: "testIdentities", method: "GET", path: "/__sandbox/identities", query: TestIdentitiesQuery, response: TestIdentities }),
  row({ id: "sandboxChanges", method: "GET", path: "/__sandbox/changes", response: SandboxChanges, eventStream: true }),
  row({ id: "sandboxRequests", method: "GET", path: "/__sandbox/requests", query: TrafficQuery, response: TrafficPage }),
  row({ id: "sandboxRequest", method: "GET", path: "/__sandbox/requests/{id}", pathParams: TrafficIdPath, response: TrafficRecord }),
  row({ id: "sandboxReport", method: "GET", path: "/__sandbox/report", query: ReportQuery, response: ClientReport }),
  row({ id: "tenantKeys", method: "GET", path: "/__sandbox/tenant/keys", response: TenantKeys, hostedOnly: true }),
  row({ id: "addTenantKey", method: "POST", path: "/__sandbox/tenant/keys", body: AddTenantKey, response: TenantKeys, hostedOnly: true }),
  row({
    id: "removeTenantKey",
    method: "POST",
    path: "/__sandbox/tenant/keys/{spkiSha256}/remove",
    pathParams: TenantKeyPath,
    response: TenantKeys,
    hostedOnly: true,
  }),
] as const satisfies readonly ControlRouteRow[];

export type ControlRouteId = (typeof controlRoutes)[number]["id"];
export type ControlRoute = ControlRouteRow & { id: ControlRouteId };
export type ControlRow<Id extends ControlRouteId> = Extract<(typeof controlRoutes)[number], { id: Id }>;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
/** What a route's handler answers with (before it is serialised) and what the portal reads back. */
export type ControlAnswer<Id extends ControlRouteId> = Input<ControlRow<Id>["response"]>;
export type ControlResult<Id extends ControlRouteId> = Output<ControlRow<Id>["response"]>;
/** What a route takes as its body; a whole sandbox is any JSON, which the sandbox checks record by record. */
export type ControlBody<Id extends ControlRouteId> =
  ControlRow<Id> extends { wholeSandbox: true } ? unknown : ControlRow<Id> extends { body: infer B } ? Input<B> : undefined;
