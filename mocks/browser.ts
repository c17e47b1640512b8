/**
 * The sandbox in the browser: msw's service worker hands every request of this page to the one
 * dispatcher, which answers /v1/… and /__sandbox/… on the portal's own origin from IndexedDB.
 * Loaded lazily by src/lib/sandbox.ts, after the first paint.
 *
 * One tab runs the batch schedule (Web Locks "leader" lock, held while the tab lives; the next
 * tab takes over when it closes). Every batch job, scheduled or asked for, runs under a second,
 * short lock, so two tabs never book at the same time.
 */
import type { Sandbox } from "./sandbox";

const LEADER_LOCK = "psd2-sandbox-batch-leader";
const BATCH_LOCK = "psd2-sandbox-batch";
const CATCH_UP_EVERY_MS = 15_000;

export interface BrowserSandbox {
  sandbox: Sandbox;
  /** Whether this tab runs the batch schedule. */
  isBatchLeader: () => boolean;
}

const withBatchLock = <T>(work: () => Promise<T>): Promise<T> => ("locks" in navigator ? navigator.locks.request(BATCH_LOCK, work) : work());

async function runSchedule(sandbox: Sandbox): Promise<never> {
  for (;;) {
    await sandbox.catchUpBatches().catch((error: unknown) => {
      console.warn("Sandbox batch catch-up failed", error);
    });
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_EVERY_MS));
  }
}

/**
 * Resolves once this tab knows whether it leads now (so the portal never shows a tab that is about
 * to lead as "another tab runs the batch"); a tab that does not lead waits in line for the lock.
 */
function leadBatches(sandbox: Sandbox, onLeader: () => void): Promise<void> {
  // Without Web Locks every tab runs the schedule; the per-payment re-check still prevents double booking.
  if (!("locks" in navigator)) {
    onLeader();
    void runSchedule(sandbox);
    return Promise.resolve();
  }
  const lead = () => {
    onLeader();
    return runSchedule(sandbox);
  };
  return new Promise((decided) => {
    void navigator.locks.request(LEADER_LOCK, { ifAvailable: true }, (lock) => {
      decided();
      if (lock) return lead();
      void navigator.locks.request(LEADER_LOCK, lead);
      return undefined;
    });
  });
}

/**
 * msw asks the browser to update an existing worker registration without waiting on the answer
 * (mswjs/msw#2006); when a navigation interrupts that fetch the rejection is harmless but unhandled.
 */
function ignoreWorkerUpdateRace() {
  addEventListener("unhandledrejection", (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof Error && reason.message.startsWith("Failed to update a ServiceWorker")) event.preventDefault();
  });
}

/** Lets the page paint and answer input between the start-up steps: each is its own short task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts in steps, each loading and running one part (store, dispatcher, fixed data, msw), with the
 * page free in between: one long start-up task would block the page the user is reading.
 */
export async function startBrowserSandbox(): Promise<BrowserSandbox> {
  ignoreWorkerUpdateRace();
  const { openSandboxStore } = await import("./store/indexeddb/indexeddb-store");
  const store = await openSandboxStore();
  await nextTask();
  const [{ createSandbox }, { BROWSER_TRAFFIC_LIMITS, recordingDispatch }] = await Promise.all([import("./sandbox"), import("./recording-dispatch")]);
  // A brand-new sandbox (never used, never reset) starts with the fixed data, so there is something to explore.
  const sandbox = await createSandbox({ store, exclusive: withBatchLock, seedIfNew: true, traffic: BROWSER_TRAFFIC_LIMITS });
  await nextTask();
  const { startWorker } = await import("./worker");
  // Every request answered is kept in the traffic record (decision 0055), the portal's own included.
  await startWorker(recordingDispatch(sandbox));
  let leader = false;
  await leadBatches(sandbox, () => {
    leader = true;
  });
  const started: BrowserSandbox = { sandbox, isBatchLeader: () => leader };
  // For end-to-end tests and the benchmark (scripts/benchmark.ts): the running sandbox of this tab.
  (globalThis as { __psd2Sandbox?: BrowserSandbox }).__psd2Sandbox = started;
  return started;
}
