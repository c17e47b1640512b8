import { describe, expect, it } from "vitest";
import type { Exchange } from "../../lib/exchange";
import { pagePosition, readTransactionPage } from "./transaction-page";

function exchangeWith(status: number, body: string, headers: Record<string, string> = {}): Exchange {
  return {
    id: "x",
    sentAt: 0,
    operationId: "listSandboxTransactions",
    request: { method: "GET", url: "http://localhost/v1/sandbox/accounts/acc-001/transactions", headers: {} },
    unsentHeaders: {},
    response: { status, statusText: status === 200 ? "OK" : "Bad Request", headers, body, durationMs: 1 },
  };
}

describe("readTransactionPage", () => {
  it("reads rows, links and total (header names in any case)", () => {
    const page = readTransactionPage(exchangeWith(200, "[]", { link: '<http://h/t?offset=20&limit=20>; rel="next"', "x-total-count": "45" }));
    expect(page).toMatchObject({ ok: true, rows: [], total: 45, links: { next: "http://h/t?offset=20&limit=20" } });
  });

  it("gives the sandbox's messages when it refuses", () => {
    const body = JSON.stringify({ tppMessages: [{ category: "ERROR", code: "FORMAT_ERROR", text: "toDate lies before fromDate." }] });
    expect(readTransactionPage(exchangeWith(400, body))).toMatchObject({ ok: false, message: "FORMAT_ERROR: toDate lies before fromDate." });
    expect(readTransactionPage(exchangeWith(500, "oops"))).toMatchObject({ ok: false, message: "500 Bad Request" });
  });

  it("says so when there was no answer or the body is not a list", () => {
    const lost: Exchange = { ...exchangeWith(200, "[]"), error: "No answer: offline." };
    delete lost.response;
    expect(readTransactionPage(lost)).toMatchObject({ ok: false, message: "No answer: offline." });
    expect(readTransactionPage(exchangeWith(200, "{}"))).toMatchObject({ ok: false });
  });
});

describe("pagePosition", () => {
  it("numbers pages from offset and limit", () => {
    expect(pagePosition({ offset: "40", limit: "20" }, 45, 5)).toEqual({ page: 3, pages: 3, first: 41, last: 45, limit: 20 });
    expect(pagePosition({}, 120, 120)).toEqual({ page: 1, pages: 1, first: 1, last: 120, limit: 200 });
  });

  it("copes with an empty list, an unknown total and nonsense in the query", () => {
    expect(pagePosition({ limit: "0", offset: "-3" }, 0, 0)).toEqual({ page: 1, pages: 1, first: 0, last: 0, limit: 200 });
    expect(pagePosition({ limit: "10" }, undefined, 10).pages).toBeUndefined();
  });
});
