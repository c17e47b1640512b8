import { describe, expect, it } from "vitest";
import { sentContactEmail as sent } from "../../lib/exchange.test-helpers";
import { draftRequest } from "../../lib/request-draft";
import { consoleHref, curlDraft, replayInput } from "./replay";

describe("curlDraft", () => {
  it("addresses the same path and query to the curl base, with the same body", () => {
    const draft = curlDraft(sent, "http://127.0.0.1:4010/", "new-id");
    expect(draft).toMatchObject({
      method: "PUT",
      url: "http://127.0.0.1:4010/v1/sandbox/tpp/contact-email",
      target: "/v1/sandbox/tpp/contact-email",
      body: sent.request.body,
    });
    expect(draft.headers).not.toHaveProperty("Digest");
    expect(draft.headers).not.toHaveProperty("Date");
  });

  it("keeps the query, and works for requests outside the table too", () => {
    const other = { ...sent, operationId: null, request: { method: "GET", url: "http://x.test/elsewhere?a=1", headers: {} } };
    const draft = curlDraft(other, "http://127.0.0.1:4010", "id");
    expect(draft.target).toBe("/elsewhere?a=1");
    expect(draft).not.toHaveProperty("body");
  });
});

describe("replayInput", () => {
  it("rebuilds what sendRequest needs, which drafts the same request again", () => {
    const plan = replayInput(sent, "new-id");
    if (!plan.ok) throw new Error(plan.problem);
    expect(plan.input.operation.id).toBe("registerContactEmail");
    const draft = draftRequest(plan.input, "http://localhost:4312");
    expect(draft.url).toBe(sent.request.url);
    expect(draft.body).toBe(sent.request.body);
    expect(draft.headers).toEqual({ "X-Request-ID": "new-id", Accept: "application/json", "Accept-Language": "nb", "Content-Type": "application/json" });
  });

  it("recovers path parameters and query of a read", () => {
    const read = {
      ...sent,
      operationId: "listSandboxTransactions" as const,
      request: { method: "GET", url: "http://localhost:4312/v1/sandbox/accounts/acc%201/transactions?limit=5", headers: { "X-Request-ID": "x" } },
    };
    const plan = replayInput(read, "y");
    if (!plan.ok) throw new Error(plan.problem);
    expect(plan.input.params).toEqual({ mockAccountId: "acc 1" });
    expect(draftRequest(plan.input, "http://localhost:4312").url).toBe(read.request.url);
  });

  it("says why a request outside the table cannot be replayed", () => {
    const plan = replayInput({ ...sent, operationId: null, request: { method: "GET", url: "http://localhost/__sandbox/clock", headers: {} } }, "n");
    expect(plan).toMatchObject({ ok: false, problem: expect.stringContaining("GET /__sandbox/clock") as unknown });
  });
});

describe("consoleHref", () => {
  it("puts path parameters and query in the console's query string, and the request's id to load its headers and body", () => {
    const plan = replayInput(
      {
        ...sent,
        operationId: "getPaymentStatus",
        request: { method: "GET", url: "http://h/v1/payments/norwegian-domestic-credit-transfers/p%2F1/status", headers: {} },
      },
      "n",
    );
    if (!plan.ok) throw new Error(plan.problem);
    expect(consoleHref({ operation: plan.input.operation, params: plan.input.params, query: {}, target: "" }, "e-1")).toBe(
      "/try/getPaymentStatus?paymentId=p%2F1&from-history=e-1",
    );
  });
});
