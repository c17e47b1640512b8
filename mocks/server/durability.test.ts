/**
 * A 2xx means the write is durable: the server process is killed (SIGKILL, no chance to clean up)
 * in the middle of a burst of signed payment creations, restarted on the same database file, and
 * every payment that had been answered 201 must be there.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { KARI, NDCT, initiationHeaders } from "../test-helpers";
import { runCli } from "./cli.test-helpers";
import { httpClient } from "./http-client.test-helpers";
import { startSandboxServer } from "./start";

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "sandbox-kill-"));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const payment = (n: number) => ({
  instructedAmount: { amount: `${String(1 + (n % 50))}.00`, currency: "NOK" },
  creditorName: "Ola Nordmann",
  creditorAccount: { bban: "97100000044", currency: "NOK" },
  debtorAccount: { bban: "97100000028", currency: "NOK" },
  remittanceInformationUnstructured: `Burst ${String(n)}`,
});

test("SIGKILL in the middle of a burst of writes loses none that was answered 201", { timeout: 90_000 }, async () => {
  const file = join(directory, "s.db");
  const cli = runCli(["--port", "0", "--data", file]);
  const client = httpClient(await cli.url());

  const acknowledged: string[] = [];
  let sent = 0;
  const state = { killed: false };
  const isKilled = () => state.killed;
  // Ten clients creating payments side by side; the process is killed once 60 have been answered,
  // with requests still in flight (those may or may not have committed: no answer, no promise).
  const worker = async () => {
    while (!isKilled()) {
      const n = sent++;
      try {
        const response = await client.send("POST", NDCT, { body: payment(n), headers: initiationHeaders(KARI) });
        if (response.status !== 201) throw new Error(`payment ${String(n)} answered ${String(response.status)}: ${await response.text()}`);
        const { paymentId } = (await response.json()) as { paymentId: string };
        if (isKilled()) return; // answered after the kill was decided: counted neither way
        acknowledged.push(paymentId);
        if (acknowledged.length === 60) {
          state.killed = true;
          cli.child.kill("SIGKILL");
        }
      } catch (error) {
        if (!isKilled()) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  await cli.exited;
  expect(cli.child.signalCode).toBe("SIGKILL");
  expect(sent).toBeGreaterThan(60);

  const restarted = await startSandboxServer({ port: 0, dataFile: file });
  try {
    expect(restarted.loadedDataFile).toBe(true);
    const stored = await httpClient(restarted.url).controlJson<{ paymentId: string }[]>("GET", "/__sandbox/payments?limit=1000");
    const ids = new Set(stored.map((item) => item.paymentId));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  } finally {
    await restarted.close();
  }
});
