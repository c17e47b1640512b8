import { afterEach, expect, test, vi } from "vitest";
import { KARI, initiationHeaders, kariAndOla, paymentBody } from "../test-helpers";
import { httpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

let server: SandboxServer | undefined;
afterEach(async () => {
  await server?.close();
});

test("the timer catches up scheduled batch runs by itself, and logs the runs that booked something", { timeout: 15_000 }, async () => {
  let now = Date.now();
  const lines: string[] = [];
  server = await startSandboxServer({ port: 0, realNow: () => now, batchIntervalMs: 20, log: (line) => lines.push(line) });
  const client = httpClient(server.url);
  expect((await client.send("POST", "/v1/sandbox/initialize")).status).toBe(200);
  const accounts = await client.controlJson<{ bban: string; customerNumber: string; accountName: string }[]>("GET", "/__sandbox/accounts");
  const { kari, ola } = kariAndOla(accounts);
  const created = await client.send("POST", "/v1/payments/norwegian-domestic-credit-transfers", {
    headers: initiationHeaders(KARI),
    body: paymentBody(kari, ola, { amount: "99.00" }),
  });
  const { paymentId } = (await created.json()) as { paymentId: string };
  await client.controlJson("POST", `/__sandbox/sca/payment/${paymentId}`, { decision: "approve" });

  now += 7 * 86_400_000; // real time passes; at least one scheduled run falls in a week
  await vi.waitFor(
    async () => {
      const payment = await client.controlJson<{ transactionStatus: string }>("GET", `/__sandbox/payments/${paymentId}`);
      expect(payment.transactionStatus).toBe("ACSC");
      // The run is logged once it has ended, a moment after the payment's booking committed.
      expect(lines.some((line) => line.startsWith("batch run ") && line.includes("1 settled") && line.includes(paymentId))).toBe(true);
    },
    { timeout: 10_000, interval: 20 },
  );
});
