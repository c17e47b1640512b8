import { describe, expect, test } from "vitest";
import { FINAL_STATUSES, isFinal, transactionStatuses } from "../../src/contract/codes";
import { DUE_STATUSES } from "../store/records";
import { awaitsSca, cancellationRefusal, withStatus } from "./lifecycle";

describe("cancellationRefusal", () => {
  test.each(["RCVD", "ACTC"] as const)("%s can be cancelled", (status) => {
    expect(cancellationRefusal(status)).toBeUndefined();
    expect(cancellationRefusal(status, "2026-12-01")).toBeUndefined();
  });
  test("PDNG is refused with a text naming the execution date", () => {
    const text = cancellationRefusal("PDNG", "2026-12-01");
    expect(text).toMatch(/^The payment is PDNG: it is scheduled for execution on 2026-12-01 and can no longer be deleted\./);
    expect(text).toMatch(/deleted while RCVD or ACTC/);
  });
  test("PDNG without a known date still explains, without a date", () => {
    const text = cancellationRefusal("PDNG");
    expect(text).toMatch(/scheduled for execution and can no longer be deleted/);
    expect(text).not.toMatch(/ on /);
  });
  test.each(["ACSC", "RJCT", "CANC"] as const)("final status %s is refused: nothing left to cancel", (status) => {
    expect(cancellationRefusal(status, "2026-12-01")).toBe(`The payment is ${status}, a final status; there is nothing left to cancel.`);
  });
  test("every other status is refused and named", () => {
    for (const status of transactionStatuses.filter((s) => !["RCVD", "ACTC"].includes(s))) {
      expect(cancellationRefusal(status), status).toContain(status);
    }
  });
});

describe("statuses", () => {
  test("final, due and awaiting SCA", () => {
    expect(FINAL_STATUSES).toEqual(["ACSC", "RJCT", "CANC"]);
    expect(transactionStatuses.filter(isFinal)).toEqual(["ACSC", "RJCT", "CANC"]);
    expect(DUE_STATUSES).toEqual(["ACTC", "PDNG"]);
    expect(transactionStatuses.filter(awaitsSca)).toEqual(["RCVD"]);
  });
});

describe("withStatus", () => {
  const record = { id: "p1", transactionStatus: "RCVD" as const, statusHistory: [{ status: "RCVD" as const, at: 1, reason: "Initiation received." }] };

  test("sets the status and appends one history entry with time and reason", () => {
    const changed = withStatus(record, "ACTC", 2, "Approved.");
    expect(changed).toEqual({
      id: "p1",
      transactionStatus: "ACTC",
      statusHistory: [
        { status: "RCVD", at: 1, reason: "Initiation received." },
        { status: "ACTC", at: 2, reason: "Approved." },
      ],
    });
  });
  test("without a reason the entry has no reason key", () => {
    const entry = withStatus(record, "CANC", 3).statusHistory[1];
    expect(entry).toEqual({ status: "CANC", at: 3 });
    expect(entry && "reason" in entry).toBe(false);
  });
  test("does not change the record it is given", () => {
    withStatus(record, "RJCT", 4, "Declined.");
    expect(record.transactionStatus).toBe("RCVD");
    expect(record.statusHistory).toHaveLength(1);
  });
  test("chains: history in order", () => {
    const chained = withStatus(withStatus(record, "ACTC", 2), "PDNG", 2);
    expect(chained.statusHistory.map((entry) => entry.status)).toEqual(["RCVD", "ACTC", "PDNG"]);
  });
});
