/**
 * What every operation is given (the interface's handlers, the control routes, scenarios, the batch): one
 * sandbox's store, clocks and caches, and what the composition that made it hands in (sandbox.ts).
 */
import type { SignableRequest, VerifyResult } from "../../src/signing/index";
import type { RequestIdClaims, SandboxStore, TrafficLimits } from "../store/port";
import type { Answer } from "./answer";
import type { PageCache } from "./page-cache";

/**
 * How a request's signature is checked: src/signing's verifyRequest with the clock the certificate's validity is read
 * against. WebCrypto's, loaded on the first signed request, in the browser and in Vitest (http/signature-check.ts); the
 * standalone server's checks node:crypto's way, on worker threads when it is busy (server/verify-pool.ts).
 */
export type RequestVerifier = (
  request: SignableRequest & { headers: Record<string, string>; body: string },
  now: Date,
  options?: { deferBodyDigest?: boolean },
) => Promise<VerifyResult>;

export interface SandboxEnv {
  store: SandboxStore;
  /** Checks a signed request (the dispatcher; on a hosted server, its routing too, before a tenant is chosen). */
  verifyRequest: RequestVerifier;
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
  /** The serials of the account numbers this sandbox issues (domain/accounts.ts ACCOUNT_SERIALS): the page's, or a server's. */
  accountSerials: { first: number; last: number };
  /** On a hosted (multi-tenant) server: the sandbox's tenant (absent for the server's own), which bank-page links carry. */
  hosted?: { tenantKey?: string; keys?: TenantKeyControls };
  /** Where the sandbox keeps what it was sent (decision 0055): absent for a sandbox that records nothing. */
  traffic?: TrafficLog;
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

/** A sandbox's traffic record: how much it keeps, and who hears of a new record (the change stream's `traffic` event). */
export interface TrafficLog {
  limits: TrafficLimits;
  recorded: (id: string) => void;
  /**
   * The store notes each write's changes into the facts of the request it belongs to (the server's request scope), so
   * the dispatcher makes no view of the environment per request; absent in the browser, which has no such scope.
   */
  notesScoped?: true;
}
