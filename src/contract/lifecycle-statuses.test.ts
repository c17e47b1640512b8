import { describe, expect, test } from "vitest";
import { isCancellable, isFinal } from "./codes";

describe("payment lifecycle rules", () => {
  test("DELETE cancels RCVD and ACTC only", () => {
    expect(["RCVD", "ACTC", "PDNG", "ACSC", "RJCT", "CANC"].map(isCancellable)).toEqual([true, true, false, false, false, false]);
  });
  test("ACSC, RJCT and CANC are final", () => {
    expect((["RCVD", "ACTC", "PDNG", "ACSC", "RJCT", "CANC"] as const).map(isFinal)).toEqual([false, false, false, true, true, true]);
  });
});
