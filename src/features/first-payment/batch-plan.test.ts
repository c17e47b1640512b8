import { describe, expect, test } from "vitest";
import { nextBatchAction } from "./batch-plan";

const clock = { today: "2026-11-24", nextBatchRunAt: "2026-11-25T05:00:00.000Z" };

describe("what running the batch does for the walkthrough's payment", () => {
  test("an approved payment due today: a batch run now", () => {
    expect(nextBatchAction({ transactionStatus: "ACTC", executionDate: "2026-11-24" }, clock)).toEqual({ kind: "run" });
  });
  test("a payment whose execution date lies ahead (a weekend, a holiday): the clock moves to the next scheduled run", () => {
    expect(nextBatchAction({ transactionStatus: "PDNG", executionDate: "2026-11-25" }, clock)).toEqual({ kind: "advance", to: clock.nextBatchRunAt });
  });
  test("booked, rejected or not yet approved: nothing more to run", () => {
    for (const transactionStatus of ["ACSC", "RJCT", "RCVD", "CANC"])
      expect(nextBatchAction({ transactionStatus, executionDate: "2026-11-24" }, clock)).toEqual({ kind: "done" });
  });
});
