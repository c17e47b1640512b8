/**
 * One sandbox: a store, the dispatcher over it, and the batch catch-up. The service worker,
 * Vitest and the standalone server each make one with the store that suits them.
 */
import { createDispatcher, type Dispatch } from "./router";
import { loadFixedData } from "./handlers/initialize";
import { ACCOUNT_SERIALS } from "./domain/accounts";
import type { RequestVerifier, SandboxEnv } from "./env/sandbox-env";
import { webCryptoVerifier } from "./http/signature-check";
import { createPageCache } from "./env/page-cache";
import { isBrandNew } from "./store/brand-new";
import type { RequestIdClaims, SandboxStore, TrafficLimits } from "./store/port";
import { catchUpToNow, type RunReport } from "./batch/runner";
import type { NotedRequest } from "./store/postgres/request-scope";
import { ChangeNotes, watchChanges } from "./store/change-watch";

export interface Sandbox {
  dispatch: Dispatch;
  env: SandboxEnv;
  /** Runs the scheduled batches that are due by the sandbox clock (catchUpToNow, for callers that load the sandbox lazily). */
  catchUpBatches: () => Promise<RunReport[]>;
  /** Whether this sandbox was brand-new and got the fixed data set now. */
  seeded: boolean;
  /** Hears the id of each new traffic record, once it is stored; returns the unsubscribe. */
  onTraffic: (listener: (id: string) => void) => () => void;
}

export interface SandboxOptions {
  store: SandboxStore;
  realNow?: () => number;
  newId?: () => string;
  exclusive?: SandboxEnv["exclusive"];
  /** Give a brand-new sandbox (never used, never reset) the fixed data set. */
  seedIfNew?: boolean;
  /** Keep transaction-list pages until the next commit: only for a store no other process or tab writes (page-cache.ts). */
  pageCache?: boolean;
  /** A sandbox of a hosted (multi-tenant) server: its tenant goes into bank-page links, and the info says hosted. */
  hosted?: SandboxEnv["hosted"];
  /** Where the replay guard claims request ids, when not in `store` (a hosted server's tenants: the server's store). */
  requestIds?: RequestIdClaims;
  /** Where the dispatcher reports the failures it answers 5xx (the server's log). */
  reportFailure?: SandboxEnv["reportFailure"];
  /** How signatures are checked; default WebCrypto's, on this thread (the standalone server gives node:crypto's). */
  verifyRequest?: RequestVerifier;
  /** Keep a traffic record of the requests answered, within these bounds (decision 0055); without, nothing is recorded. */
  traffic?: TrafficLimits;
  /**
   * Where the request that the work asking now belongs to notes its changes (the server's request scope): a recording
   * sandbox's store notes each write there itself; without, the dispatcher gives each request a view of the store that does.
   */
  requestNoted?: () => NotedRequest | undefined;
  /** Whose account-number range it issues from: the page's (default) or a server's (decision 0058). */
  accountSerials?: SandboxEnv["accountSerials"];
}

/** One batch at a time within this process: each job waits for the previous one. */
function processMutex(): SandboxEnv["exclusive"] {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  // One read: a hosted server opens a tenant's sandbox again whenever it comes back after others (decision 0047).
  const { clockOffsetMs, lastBatchRunAt } = await options.store.read(async (tx) => ({
    clockOffsetMs: await tx.meta("clockOffsetMs"),
    lastBatchRunAt: await tx.meta("lastBatchRunAt"),
  }));
  const trafficListeners = new Set<(id: string) => void>();
  const scopedNotes = options.traffic ? options.requestNoted : undefined;
  const env: SandboxEnv = {
    store: options.store,
    verifyRequest: options.verifyRequest ?? webCryptoVerifier,
    requestIds: options.requestIds ?? options.store,
    realNow: options.realNow ?? Date.now,
    newId: options.newId ?? (() => crypto.randomUUID()),
    lastClockOffsetMs: clockOffsetMs ?? 0,
    exclusive: options.exclusive ?? processMutex(),
    transactionCounts: new Map(),
    accountSerials: options.accountSerials ?? ACCOUNT_SERIALS.browser,
    changes: { revision: 0, since: (options.realNow ?? Date.now)() },
    ...(options.pageCache === true ? { pageCache: createPageCache(options.store) } : {}),
    ...(options.hosted ? { hosted: options.hosted } : {}),
    ...(options.reportFailure ? { reportFailure: options.reportFailure } : {}),
    ...(options.traffic
      ? {
          traffic: {
            limits: options.traffic,
            recorded: (id: string) => {
              for (const listener of trafficListeners) listener(id);
            },
            ...(scopedNotes ? { notesScoped: true as const } : {}),
          },
        }
      : {}),
  };
  options.store.onCommit(() => {
    env.changes.revision += 1;
  });
  // Seeding writes the data and the schedule's start in one transaction: a page closed before it
  // commits leaves the sandbox brand-new, never one that looks used but is empty.
  // A sandbox whose batch schedule has started is not brand-new, and needs no write.
  const seeded = options.seedIfNew === true && lastBatchRunAt === undefined && (await isBrandNew(options.store));
  if (seeded) await loadFixedData(env);
  // Otherwise a new sandbox starts its batch schedule now; it does not replay the past.
  else if (lastBatchRunAt === undefined)
    await options.store.write(async (tx) => {
      if ((await tx.meta("lastBatchRunAt")) === undefined) await tx.putMeta("lastBatchRunAt", env.realNow() + env.lastClockOffsetMs);
    });
  // From here on, one store that notes each write into the request it belongs to (decision 0064: a view of the store
  // made per request cost a creation about a tenth of its time); the seeding above, made when a hosted TPP's first
  // request opened its sandbox, is no change of that request's.
  if (scopedNotes) env.store = watchChanges(options.store, () => notesOf(scopedNotes()));
  return {
    dispatch: createDispatcher(env),
    env,
    catchUpBatches: () => catchUpToNow(env),
    seeded,
    onTraffic: (listener) => {
      trafficListeners.add(listener);
      return () => trafficListeners.delete(listener);
    },
  };
}

/** Where a request's changes are noted: its facts' notes, made at its first write. */
const notesOf = (facts: NotedRequest | undefined) => (facts === undefined ? undefined : (facts.changes ??= new ChangeNotes()));
