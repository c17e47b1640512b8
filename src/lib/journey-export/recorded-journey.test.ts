import { describe, expect, test } from "vitest";
import type { OperationId } from "../../contract/operations";
import type { Exchange } from "../exchange";
import { recordedJourney, type JourneyStep } from "./recorded-journey";

const ORIGIN = "http://127.0.0.1:4010";
const NDCT = "/v1/payments/norwegian-domestic-credit-transfers";
let clock = 0;

function exchange(operationId: OperationId | null, method: string, path: string, status: number, answer: unknown, extra: Partial<Exchange> = {}): Exchange {
  clock += 1;
  return {
    id: `e${String(clock)}`,
    sentAt: clock,
    operationId,
    request: {
      method,
      url: `${ORIGIN}${path}`,
      headers: { "X-Request-ID": "old", "PSU-ID": "psu", Digest: "SHA-256=old", Signature: "old", "TPP-Signature-Certificate": "MII" },
      ...(method === "POST" ? { body: '{"a":1}' } : {}),
    },
    unsentHeaders: {},
    response: { status, statusText: "", headers: {}, body: JSON.stringify(answer), durationMs: 1 },
    ...extra,
  };
}
const created = (id: string) => exchange("createPayment", "POST", NDCT, 201, { paymentId: id, transactionStatus: "RCVD" });
const status = (id: string, answer: object) => exchange("getPaymentStatus", "GET", `${NDCT}/${id}/status`, 200, answer);
const summary = (steps: JourneyStep[]) =>
  steps.map((step) =>
    step.kind === "request" ? `${step.method} ${step.expectStatus}` : step.kind === "sca" ? `sca ${step.variable} ${step.decision}` : step.kind,
  );

describe("recordedJourney", () => {
  test("a payment read as RJCT without a funds check was declined at the bank: a decline, no batch run", () => {
    const steps = recordedJourney([created("p-1"), status("p-1", { transactionStatus: "RJCT" })]);
    expect(summary(steps)).toEqual(["POST 201", "sca payment1 decline", "GET 200"]);
  });

  test("a payment rejected for lack of funds was approved and then met the batch", () => {
    const steps = recordedJourney([created("p-1"), status("p-1", { transactionStatus: "RJCT", fundsAvailable: false })]);
    expect(summary(steps)).toEqual(["POST 201", "sca payment1 approve", "batch", "GET 200"]);
  });

  test("the history's newest-first order is replayed oldest first, and the SCA is done once", () => {
    const steps = recordedJourney(
      [
        created("p-1"),
        status("p-1", { transactionStatus: "RCVD" }),
        status("p-1", { transactionStatus: "ACTC" }),
        status("p-1", { transactionStatus: "ACSC" }),
      ].reverse(),
    );
    expect(summary(steps)).toEqual(["POST 201", "GET 200", "sca payment1 approve", "GET 200", "batch", "GET 200"]);
  });

  test("an id becomes a variable in later paths, but not inside a longer id that starts with it", () => {
    const steps = recordedJourney([
      exchange("createSandboxAccount", "POST", "/v1/sandbox/accounts", 201, { resourceId: "acc-008" }),
      exchange("listSandboxTransactions", "GET", "/v1/sandbox/accounts/acc-008/transactions?limit=2", 200, []),
      exchange("listSandboxTransactions", "GET", "/v1/sandbox/accounts/acc-0081/transactions", 404, {}),
    ]);
    const paths = steps.flatMap((step) => (step.kind === "request" ? [step.path] : []));
    expect(paths).toEqual([
      ["/v1/sandbox/accounts"],
      ["/v1/sandbox/accounts/", { variable: "account1" }, "/transactions?limit=2"],
      ["/v1/sandbox/accounts/acc-0081/transactions"],
    ]);
  });

  test("a base address with a path of its own: the replay keeps only the interface's path", () => {
    const recorded = created("p-1");
    recorded.request.url = `https://bank.example/psd2${NDCT}`;
    const [step] = recordedJourney([recorded]);
    expect(step).toMatchObject({ kind: "request", path: [NDCT], base: "api" });
  });

  test("what a replay cannot repeat is left out, with the reason; what the code makes at run time is not copied", () => {
    const steps = recordedJourney([
      exchange("createPayment", "POST", NDCT, 401, {}, { tampered: "the body after signing" }),
      exchange("createPayment", "POST", NDCT, 0, {}, { response: undefined, error: "Failed to fetch" }),
      exchange(null, "GET", "/nowhere", 404, {}),
      status("p-9", { transactionStatus: "ACSC" }),
    ]);
    expect(steps.slice(0, 3).map((step) => (step.kind === "skipped" ? step.reason : step.kind))).toEqual([
      expect.stringContaining("changed after signing on purpose"),
      expect.stringContaining("Failed to fetch"),
      expect.stringContaining("matches no operation"),
    ]);
    // p-9 was not created in this journey: its read stays as recorded, with no SCA or batch made up.
    expect(summary(steps.slice(3))).toEqual(["GET 200"]);
    expect(steps[3]).toMatchObject({ headers: [["PSU-ID", "psu"]] });
  });
});
