/** The client report's rules on recorded examples (decision 0054): each check passes, fails citing its records, or is untested. */
import { describe, expect, test } from "vitest";
import { TIMING_TOLERANCE_MS, type ReportCheckId } from "../../../src/contract/report-checks";
import { judgeClient } from "./checks";
import type { RequestFacts } from "./facts";

let next = 0;
const fact = (at: number, fields: Partial<RequestFacts> = {}): RequestFacts => {
  next++;
  return {
    id: `r${String(next)}`,
    at,
    answered: at + 10,
    client: "c1",
    method: "GET",
    operation: "getPaymentStatus",
    status: 200,
    requestId: `id-${String(next)}`,
    unsigned: [],
    scaRedirect: false,
    cancelRefused: false,
    ...fields,
  };
};
const verdict = (id: ReportCheckId, facts: RequestFacts[]) => {
  const found = judgeClient(facts).find((check) => check.id === id);
  if (found === undefined) throw new Error(`no check ${id}`);
  return found;
};

test("with no traffic every check is untested, saying how to meet it", () => {
  const checks = judgeClient([]);
  expect(checks.map((check) => check.status)).toEqual(checks.map(() => "untested"));
  expect(checks.find((check) => check.id === "retry-after-respected")?.detail).toContain("X-Sandbox-Scenario: too-many-requests");
});

describe("each request", () => {
  test("signed with every header spec 5.4 asks, or failed naming the headers left out and the requests", () => {
    const good = fact(0);
    const short = fact(100, { unsigned: ["tpp-redirect-uri"] });
    const none = fact(200, { unsigned: null });
    expect(verdict("signed-headers", [good]).status).toBe("pass");
    const failed = verdict("signed-headers", [good, short, none]);
    expect(failed).toMatchObject({ status: "fail", evidence: [short.id, none.id], source: "spec 5.1, 5.4; draft-cavage-10 §2.1.3" });
    expect(failed.detail).toContain("left tpp-redirect-uri out of headers=");
  });

  test("a headers list with capitals, accepted by this sandbox, fails the check with the fix, alone among good ones", () => {
    const good = fact(0);
    const capitals = fact(100, { listCapitals: true });
    const failed = verdict("signed-headers", [good, capitals]);
    expect(failed).toMatchObject({ status: "fail", evidence: [capitals.id] });
    expect(failed.detail).toBe(
      "1 request wrote headers= with capitals. Write the list in lower case; this sandbox accepts it, a bank may not. (draft-cavage-10 §2.1.3; Berlin Group 1.3 errata)",
    );
  });

  test("a reused X-Request-ID fails, citing both requests; another client's same id is its own", () => {
    const first = fact(0, { requestId: "same" });
    const other = fact(50, { requestId: "same", client: "c2" });
    expect(verdict("request-id-unique", [first, other]).status).toBe("pass");
    const again = fact(100, { requestId: "same" });
    expect(verdict("request-id-unique", [first, other, again])).toMatchObject({ status: "fail", evidence: [first.id, again.id] });
  });

  test("a request inside Retry-After's window fails; one after it passes", () => {
    const limited = fact(0, { status: 429, retryAfterMs: 2000 });
    const tooSoon = fact(1000);
    expect(verdict("retry-after-respected", [limited, tooSoon])).toMatchObject({ status: "fail", evidence: [limited.id, tooSoon.id] });
    expect(verdict("retry-after-respected", [limited, fact(2100)]).status).toBe("pass");
    // Another client's request is not this client's retry.
    expect(verdict("retry-after-respected", [limited, fact(500, { client: "c2" })]).status).toBe("pass");
  });

  test(`a client that waited exactly what was asked passes though the sandbox timed it up to ${String(TIMING_TOLERANCE_MS)} ms short`, () => {
    // The answer timed late by the server's load: the client's exact wait looks a little short.
    const limited = { ...fact(0, { status: 429, retryAfterMs: 1000 }), answered: 120 };
    expect(verdict("retry-after-respected", [limited, fact(120 + 1000 - TIMING_TOLERANCE_MS)]).status).toBe("pass");
    expect(verdict("retry-after-respected", [limited, fact(120 + 1000 - TIMING_TOLERANCE_MS - 1)]).status).toBe("fail");
    const read = { ...fact(0, { resource: "p" }), answered: 120 };
    expect(verdict("status-poll-rate", [read, fact(120 + 1000 - TIMING_TOLERANCE_MS, { resource: "p" })]).status).toBe("pass");
    expect(verdict("status-poll-rate", [read, fact(120 + 1000 - TIMING_TOLERANCE_MS - 1, { resource: "p" })]).status).toBe("fail");
  });

  test("a status read sooner than a second after the last fails; a second apart passes", () => {
    const reads = [fact(0, { resource: "p" }), fact(1500, { resource: "p" })];
    expect(verdict("status-poll-rate", reads).status).toBe("pass");
    const quick = fact(1700, { resource: "p" });
    expect(verdict("status-poll-rate", [...reads, quick])).toMatchObject({ status: "fail", evidence: [reads[1]?.id, quick.id] });
    expect(verdict("status-poll-rate", [fact(0, { resource: "p" }), fact(100, { resource: "q" })]).status).toBe("untested");
  });
});

describe("flows", () => {
  const initiation = (at: number, resource: string) =>
    fact(at, { method: "POST", operation: "createPayment", status: 201, resource, answeredStatus: "RCVD", scaRedirect: true });

  test("an initiation with a scaRedirect passes once its status is read after it", () => {
    const made = initiation(0, "p");
    expect(verdict("sca-redirect-then-status", [made])).toMatchObject({ status: "fail", evidence: [made.id] });
    expect(verdict("sca-redirect-then-status", [made, fact(5000, { resource: "p" })]).status).toBe("pass");
  });

  test("a declined SCA read, then left alone, passes; polled on or cancelled, fails", () => {
    const rejected = fact(5000, { resource: "p", answeredStatus: "RJCT", rejection: "sca-declined" });
    expect(verdict("sca-declined-handled", [initiation(0, "p")]).status).toBe("untested");
    expect(verdict("sca-declined-handled", [initiation(0, "p"), rejected, fact(9000, { operation: "getPayment", resource: "p" })]).status).toBe("pass");
    const cancel = fact(9000, { method: "DELETE", operation: "deletePayment", resource: "p", status: 409, cancelRefused: true });
    expect(verdict("sca-declined-handled", [rejected, cancel])).toMatchObject({ status: "fail", evidence: [rejected.id, cancel.id] });
    const polls = [fact(7000, { resource: "p" }), fact(9000, { resource: "p" })];
    expect(verdict("sca-declined-handled", [rejected, ...polls]).status).toBe("fail");
    // An expiry and a lack of funds are their own checks.
    expect(verdict("sca-expired-handled", [rejected]).status).toBe("untested");
    expect(verdict("insufficient-funds-handled", [fact(0, { resource: "q", rejection: "insufficient-funds" })]).status).toBe("pass");
  });

  test("a further transaction page passes when a Link header gave its address, fails when the client counted it", () => {
    const base = "/v1/sandbox/accounts/a/transactions";
    const first = fact(0, { operation: "listSandboxTransactions", page: `${base}?limit=2`, linked: [`${base}?after=2026-01-01.3&limit=2&offset=2`] });
    const followed = fact(100, { operation: "listSandboxTransactions", page: `${base}?after=2026-01-01.3&limit=2&offset=2` });
    expect(verdict("pages-follow-link", [first]).status).toBe("untested");
    expect(verdict("pages-follow-link", [first, followed]).status).toBe("pass");
    const counted = fact(200, { operation: "listSandboxTransactions", page: `${base}?limit=2&offset=4` });
    expect(verdict("pages-follow-link", [first, followed, counted])).toMatchObject({ status: "fail", evidence: [counted.id] });
  });

  test("a DELETE after the client read PDNG, or refused for the status, fails; one of an ACTC payment passes", () => {
    const remove = (at: number, fields: Partial<RequestFacts> = {}) =>
      fact(at, { method: "DELETE", operation: "deletePayment", resource: "p", status: 204, ...fields });
    const actc = fact(0, { resource: "p", answeredStatus: "ACTC" });
    expect(verdict("cancel-only-cancellable", [actc, remove(1000)]).status).toBe("pass");
    const pdng = fact(0, { resource: "p", answeredStatus: "PDNG" });
    const hopeless = remove(1000, { status: 409, cancelRefused: true });
    expect(verdict("cancel-only-cancellable", [pdng, hopeless])).toMatchObject({ status: "fail", evidence: [hopeless.id] });
    expect(verdict("cancel-only-cancellable", [remove(0, { status: 409, cancelRefused: true })]).status).toBe("fail");
  });
});
