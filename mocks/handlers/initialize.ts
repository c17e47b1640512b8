/** POST /v1/sandbox/initialize: replaces the sandbox's data with the fixed set, in one transaction. */
import { fixedData } from "../domain/fixed-data";
import { answer } from "../env/answer";
import type { SandboxExport } from "../store/port";
import { CURRENT_SCHEMA_VERSION as SCHEMA_VERSION } from "../store/export-format";
import { timeIn } from "../env/sandbox-time";
import type { SandboxEnv } from "../env/sandbox-env";
import type { Handler } from "./types";

/** Settings and the clock survive initialize; data does not. */
const KEPT_META = ["clockOffsetMs", "lastBatchRunAt", "batchTimes", "contactEmail"] as const;

/** Replaces the data with the fixed set; returns what it now holds. Also used to seed a fresh browser sandbox. */
export async function loadFixedData(env: SandboxEnv) {
  const { time, meta } = await env.store.read(async (tx) => ({
    time: await timeIn(tx, env),
    meta: await Promise.all(KEPT_META.map(async (key) => ({ key, value: await tx.meta(key) }))),
  }));
  const data = fixedData(time.today, time.now);
  const snapshot: SandboxExport = {
    format: "psd2-sandbox-export",
    schemaVersion: SCHEMA_VERSION,
    exportedAt: new Date(time.now).toISOString(),
    stores: {
      ...data,
      payments: [],
      baskets: [],
      meta: [
        ...meta.filter((entry) => entry.value !== undefined),
        { key: "nextSeq", value: data.transactions.length },
        ...(meta.some((entry) => entry.key === "lastBatchRunAt" && entry.value !== undefined) ? [] : [{ key: "lastBatchRunAt" as const, value: time.now }]),
      ],
    },
  };
  // Made here, from the contract's own types: no need to validate it record by record as an import would.
  await env.store.restore(snapshot.stores);
  env.transactionCounts.clear();
  return { customers: data.customers.length, accounts: data.accounts.length, transactions: data.transactions.length };
}

export const initializeSandbox: Handler<"initializeSandbox"> = async ({ env }) => answer(200, await loadFixedData(env));
