/**
 * One sandbox: a store, the dispatcher over it, and the batch catch-up. The service worker,
 * Vitest and the standalone server each make one with the store that suits them.
 */
import { createDispatcher, type Dispatch } from "./router";
import { catchUp } from "./control/clock-and-batch";
import type { SandboxEnv } from "./handlers/types";
import type { SandboxStore } from "./store/port";

export interface Sandbox {
  dispatch: Dispatch;
  env: SandboxEnv;
  /** Runs the scheduled batches that are due by the sandbox clock. */
  catchUp: () => Promise<void>;
}

export interface SandboxOptions {
  store: SandboxStore;
  realNow?: () => number;
  newId?: () => string;
  exclusive?: SandboxEnv["exclusive"];
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
  const env: SandboxEnv = {
    store: options.store,
    realNow: options.realNow ?? Date.now,
    newId: options.newId ?? (() => crypto.randomUUID()),
    lastClockOffsetMs: (await options.store.read((tx) => tx.meta("clockOffsetMs"))) ?? 0,
    exclusive: options.exclusive ?? processMutex(),
    transactionCounts: new Map(),
  };
  // A new sandbox starts its batch schedule now; it does not replay the past.
  await options.store.write(async (tx) => {
    if ((await tx.meta("lastBatchRunAt")) === undefined) await tx.putMeta("lastBatchRunAt", env.realNow() + env.lastClockOffsetMs);
  });
  return {
    dispatch: createDispatcher(env),
    env,
    catchUp: async () => {
      await catchUp(env);
    },
  };
}
