import { describe, expect, it } from "vitest";
import { statusMeaning, statusTone } from "./payment-status";

describe("statusMeaning", () => {
  it("explains every status of the lifecycle", () => {
    expect(statusMeaning("RCVD")).toMatch(/awaiting the PSU's SCA/);
    expect(statusMeaning("ACTC")).toMatch(/^Accepted/);
    expect(statusMeaning("PDNG")).toMatch(/^Scheduled/);
    expect(statusMeaning("ACSC")).toMatch(/^Booked/);
    expect(statusMeaning("CANC")).toBe("Cancelled");
  });

  it("says why a payment was rejected when funds were missing", () => {
    expect(statusMeaning("RJCT")).toBe("Rejected");
    expect(statusMeaning("RJCT", { fundsAvailable: true })).toBe("Rejected");
    expect(statusMeaning("RJCT", { fundsAvailable: false })).toMatch(/insufficient funds/);
  });

  it("does not promise a batch run to a periodic payment", () => {
    expect(statusMeaning("ACTC", { product: "single" })).toMatch(/next batch run/);
    expect(statusMeaning("ACTC", { product: "periodic" })).toMatch(/standing order/);
  });

  it("does not invent a meaning", () => {
    expect(statusMeaning("XXXX")).toMatch(/not used/);
  });
});

describe("statusTone", () => {
  it("tell final statuses from moving ones", () => {
    expect(statusTone("ACSC")).toBe("done");
    expect(statusTone("RJCT")).toBe("stopped");
    expect(statusTone("PDNG")).toBe("pending");
  });
});
