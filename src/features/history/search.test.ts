import { describe, expect, it } from "vitest";
import type { Exchange } from "../../lib/exchange";
import { filterRows, historyRows, titleOf } from "./history-rows";
import { filterFromSearch, matchesText, searchOfFilter, statusClass } from "./search";

const exchange = (id: string, change: Partial<Exchange> = {}): Exchange => ({
  id,
  sentAt: 0,
  operationId: "getPaymentStatus",
  request: { method: "GET", url: "http://localhost/v1/payments/norwegian-domestic-credit-transfers/bad-id/status", headers: { "X-Request-ID": `rid-${id}` } },
  unsentHeaders: {},
  response: { status: 404, statusText: "", headers: {}, body: '{"tppMessages":[{"code":"RESOURCE_UNKNOWN"}]}', durationMs: 3 },
  ...change,
});

const email = exchange("b", {
  operationId: "registerContactEmail",
  request: { method: "PUT", url: "http://localhost/v1/sandbox/tpp/contact-email", headers: { "x-request-id": "rid-b" }, body: '{"email":"dev@tpp.example"}' },
  response: { status: 200, statusText: "OK", headers: {}, body: '{"email":"dev@tpp.example"}', durationMs: 4 },
});
const lost = exchange("c", { response: undefined, error: "No answer: Failed to fetch." });
const broken = exchange("d", { response: { status: 503, statusText: "Service Unavailable", headers: {}, body: "", durationMs: 1 } });
const rows = historyRows([exchange("a"), email, lost, broken]);
const ids = (filter: Parameters<typeof filterRows>[1]) => filterRows(rows, filter).map((row) => row.exchange.id);

describe("filter in the address", () => {
  it("reads q and status, ignoring an unknown status", () => {
    expect(filterFromSearch("?q=contact%20email&status=4xx")).toEqual({ q: "contact email", status: "4xx" });
    expect(filterFromSearch("status=3xx")).toEqual({ q: "", status: "all" });
  });

  it("writes only what differs from the defaults, and reads back what it wrote", () => {
    expect(searchOfFilter({ q: "", status: "all" })).toBe("");
    const filter = { q: "a&b =c", status: "none" } as const;
    expect(filterFromSearch(searchOfFilter(filter))).toEqual(filter);
  });
});

describe("status filter", () => {
  it("groups by the first digit, and a request without an answer as none", () => {
    expect(statusClass(email)).toBe("2xx");
    expect(statusClass(lost)).toBe("none");
    expect(ids({ q: "", status: "4xx" })).toEqual(["a"]);
    expect(ids({ q: "", status: "5xx" })).toEqual(["d"]);
    expect(ids({ q: "", status: "none" })).toEqual(["c"]);
    expect(ids({ q: "", status: "all" })).toEqual(["a", "b", "c", "d"]);
  });
});

describe("text filter", () => {
  it("looks through method, path, operation, status, X-Request-ID, body and response", () => {
    expect(ids({ q: "PUT", status: "all" })).toEqual(["b"]);
    expect(ids({ q: "contact-email", status: "all" })).toEqual(["b"]);
    expect(ids({ q: "register contact", status: "all" })).toEqual(["b"]);
    expect(ids({ q: "not found", status: "all" })).toEqual(["a"]);
    expect(ids({ q: "rid-b", status: "all" })).toEqual(["b"]);
    expect(ids({ q: "dev@tpp", status: "all" })).toEqual(["b"]);
    expect(ids({ q: "resource_unknown", status: "all" })).toEqual(["a"]);
    expect(ids({ q: "no answer", status: "all" })).toEqual(["c"]);
  });

  it("needs every word, in any order, and combines with the status filter", () => {
    expect(matchesText("get payment status 404", "404   get")).toBe(true);
    expect(matchesText("get payment status 404", "404 put")).toBe(false);
    expect(ids({ q: "payment", status: "5xx" })).toEqual(["d"]);
  });
});

describe("titleOf", () => {
  it("names the recorded operation, else the one the path matches", () => {
    expect(titleOf(email)).toBe("Register contact e-mail");
    expect(titleOf({ ...email, operationId: null })).toBe("Register contact e-mail");
    expect(titleOf({ ...email, operationId: null, request: { ...email.request, url: "http://x/y" } })).toBe("Unknown operation");
  });
});
