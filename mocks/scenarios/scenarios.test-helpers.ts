/** A fresh sandbox with the fixed data, and the few calls the scenario tests make. */
import { expect } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, testClient, type ListedAccount, type TestClient } from "../test-helpers";

export async function scenarioSandbox() {
  const client: TestClient = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  const accounts = (await (await client.control("GET", hrefOf("sandboxAccounts", {}))).json()) as ListedAccount[];
  const { kari, ola } = kariAndOla(accounts);
  const initiate = (options: { scenario?: string; amount?: string; headers?: Record<string, string> } = {}) =>
    client.send("POST", NDCT, {
      headers: { ...initiationHeaders(KARI), ...(options.scenario ? { "X-Sandbox-Scenario": options.scenario } : {}), ...options.headers },
      body: paymentBody(kari, ola, options.amount ? { amount: options.amount } : {}),
    });
  const created = async (options: Parameters<typeof initiate>[0] = {}) => {
    const response = await initiate(options);
    const text = await response.text();
    expect(response.status, text).toBe(201);
    return { id: (JSON.parse(text) as { paymentId: string }).paymentId, marker: response.headers.get("X-Sandbox-Scenario-Applied") };
  };
  const status = async (id: string) => {
    const response = await client.send("GET", `${NDCT}/${id}/status`);
    return {
      ...((await response.json()) as { transactionStatus: string; fundsAvailable?: boolean; tppMessages?: { code: string; text: string }[] }),
      marker: response.headers.get("X-Sandbox-Scenario-Applied"),
    };
  };
  const decide = (id: string, decision: "approve" | "decline" = "approve") =>
    client.control("POST", hrefOf("scaDecision", { subject: "payment", id }), { decision });
  const runBatch = () => client.control("POST", hrefOf("runBatch", {}));
  const setRules = (rules: unknown[]) => client.control("PUT", hrefOf("setScenarioRules", {}), { rules });
  const paymentCount = async () => ((await (await client.control("GET", hrefOf("sandboxPayments", {}))).json()) as unknown[]).length;
  const balanceOf = async (bban: string) => {
    const listed = (await (await client.control("GET", hrefOf("sandboxAccounts", {}))).json()) as ListedAccount[];
    return listed.find((account) => account.bban === bban)?.balances;
  };
  return { client, kari, ola, initiate, created, status, decide, runBatch, setRules, paymentCount, balanceOf };
}
