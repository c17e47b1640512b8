/** What an operation's handler receives (typed from the operation table) and what it may use. */
import type { TppMessage } from "../../src/contract/common-objects";
import type { OperationId, operations } from "../../src/contract/operations";
import type { z } from "zod";
import type { RequestIdClaims, SandboxStore } from "../store/port";
import type { Answer } from "./answer";
import type { PageCache } from "./page-cache";
import type { PaymentScenario } from "../../src/contract/scenarios";

type Row<Id extends OperationId> = Extract<(typeof operations)[number], { id: Id }>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface SandboxEnv {
  store: SandboxStore;
  /**
   * Where the replay guard claims request ids: the store, or on a hosted server the server's own store, which every
   * tenant shares (a certificate naming another tenant over the same key must not make a used id new: decision 0045).
   */
  requestIds: RequestIdClaims;
  /** Real time, epoch ms; the sandbox clock adds its stored offset. */
  realNow: () => number;
  newId: () => string;
  /** The clock offset last read from the store: good enough for certificate validity, saves a read per request. */
  lastClockOffsetMs: number;
  /** Filtered transaction counts by account state, so paging a filtered list counts once; emptied on import. */
  transactionCounts: Map<string, number>;
  /** Runs batch work alone: across tabs in the browser (Web Locks), within the process in Node. */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Changes committed to the store since `since` (epoch ms, real time) in this process: what
   * /__sandbox/changes reports, so a portal can tell it has something new to read.
   */
  changes: { revision: number; since: number };
  /** Transaction-list pages as sent, where this process sees every commit (the server); absent in the browser. */
  pageCache?: PageCache;
  /** On a hosted (multi-tenant) server: the sandbox's tenant (absent for the server's own), which bank-page links carry. */
  hosted?: { tenantKey?: string; keys?: TenantKeyControls };
  /** A failure the dispatcher answered with a 5xx, and where (`POST /v1/…`): the server logs it, internals and all. */
  reportFailure?: (error: unknown, where: string) => void;
}

/** A hosted tenant's bound keys, as its control routes change them (mocks/server/tenants/tenant-keys.ts). */
export interface TenantKeyControls {
  list(): Promise<Answer>;
  /** Binds the key of this certificate (base64 DER) too. */
  add(certificate: string): Promise<Answer>;
  remove(spkiSha256: string): Promise<Answer>;
}

export interface HandlerContext<Id extends OperationId> {
  env: SandboxEnv;
  /** Origin the request was addressed to: links and the bank page are served from it. */
  origin: string;
  params: Row<Id> extends { pathParams: infer P } ? Out<P> : Record<string, never>;
  headers: Out<Row<Id>["headers"]>;
  query: Row<Id> extends { query: infer Q } ? Out<Q> : undefined;
  body: Row<Id> extends { body: infer B } ? Out<B> : undefined;
  /** WARNING tppMessages the contract raised (deprecated fields); successful answers carry them. */
  warnings: TppMessage[];
  /** Published breaking changes the request activated with x-accept-fix. */
  fixes: ReadonlySet<string>;
  /** A later outcome a scenario forces (decision 0037-scenarios); only initiations are given one, and store it on the payment. */
  scenario?: PaymentScenario;
}

export type Handler<Id extends OperationId> = (context: HandlerContext<Id>) => Promise<Answer>;
export type Handlers = { [Id in OperationId]: Handler<Id> };
