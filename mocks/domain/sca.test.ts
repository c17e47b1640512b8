import { describe, expect, test } from "vitest";
import { transactionStatuses } from "../../src/contract/codes";
import type { BasketRecord, PaymentRecord } from "../store/records";
import { decideBasket, decidePayment, redirectAfterSca } from "./sca";

const TODAY = "2026-11-20";
const base = {
  paymentId: "p1",
  transactionStatus: "RCVD" as const,
  psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
  customerNumber: "01817010055",
  redirectUri: "https://tpp.example/callback",
  debtorAccountId: "acc-001",
  statusHistory: [{ status: "RCVD" as const, at: 1 }],
  createdAt: 1,
};
const request = {
  instructedAmount: { amount: "10.00", currency: "NOK" as const },
  creditorName: "Ola",
  creditorAccount: { bban: "86011117947", currency: "NOK" as const },
  debtorAccount: { bban: "12345678903", currency: "NOK" as const },
};
const single = (executionDate = TODAY): PaymentRecord => ({ ...base, product: "single", request, executionDate });
const periodic = (startDate: string): PaymentRecord => ({ ...base, product: "periodic", request: { ...request, startDate, frequency: "Monthly" } });
const basket: BasketRecord = { ...base, basketId: "b1", paymentIds: ["p1"] };

describe("decidePayment", () => {
  test("approval due today: ACTC, one history entry added", () => {
    const result = decidePayment(single(), "approve", 5, TODAY);
    if (!result.ok) throw new Error("refused");
    expect(result.value.transactionStatus).toBe("ACTC");
    expect(result.value.statusHistory).toEqual([
      { status: "RCVD", at: 1 },
      { status: "ACTC", at: 5, reason: "The PSU approved with SCA." },
    ]);
  });
  test("approval with the execution date ahead: PDNG, after both ACTC and PDNG entries", () => {
    const result = decidePayment(single("2026-11-27"), "approve", 5, TODAY);
    if (!result.ok) throw new Error("refused");
    expect(result.value.transactionStatus).toBe("PDNG");
    expect(result.value.statusHistory.map((entry) => entry.status)).toEqual(["RCVD", "ACTC", "PDNG"]);
    expect(result.value.statusHistory[2]?.reason).toBe("Scheduled for execution on 2026-11-27.");
  });
  test("a periodic payment whose start lies ahead is ACTC (the batch never books it)", () => {
    const result = decidePayment(periodic("2027-01-01"), "approve", 5, TODAY);
    expect(result.ok && result.value.transactionStatus).toBe("ACTC");
  });
  test("decline: RJCT", () => {
    const result = decidePayment(single("2026-11-27"), "decline", 5, TODAY);
    if (!result.ok) throw new Error("refused");
    expect(result.value.transactionStatus).toBe("RJCT");
    expect(result.value.statusHistory[1]).toEqual({ status: "RJCT", at: 5, reason: "The PSU declined SCA at the bank.", cause: "sca-declined" });
  });
  test("any status but RCVD: CONFLICT naming the status", () => {
    for (const status of transactionStatuses.filter((s) => s !== "RCVD")) {
      const result = decidePayment({ ...single(), transactionStatus: status }, "approve", 5, TODAY);
      expect(result, status).toEqual({ ok: false, messages: [expect.objectContaining({ code: "CONFLICT", text: expect.stringContaining(status) as string })] });
    }
  });
});

describe("decideBasket", () => {
  test("approve ACTC, decline RJCT", () => {
    expect(decideBasket(basket, "approve", 5)).toMatchObject({ ok: true, value: { transactionStatus: "ACTC" } });
    expect(decideBasket(basket, "decline", 5)).toMatchObject({ ok: true, value: { transactionStatus: "RJCT" } });
  });
  test("a basket not RCVD: CONFLICT", () => {
    expect(decideBasket({ ...basket, transactionStatus: "CANC" }, "approve", 5)).toMatchObject({ ok: false, messages: [{ code: "CONFLICT" }] });
  });
});

describe("redirectAfterSca", () => {
  test("adds paymentId and scaResult=ok", () => {
    expect(redirectAfterSca("https://tpp.example/callback", "paymentId", "p1", "approve")).toBe("https://tpp.example/callback?paymentId=p1&scaResult=ok");
  });
  test("keeps the TPP's own query and fragment", () => {
    expect(redirectAfterSca("https://tpp.example/cb?state=abc&lang=nb#top", "basketId", "b 1", "decline")).toBe(
      "https://tpp.example/cb?state=abc&lang=nb&basketId=b+1&scaResult=nok#top",
    );
  });
  test("replaces a scaResult the TPP put there itself", () => {
    expect(redirectAfterSca("https://tpp.example/cb?scaResult=x", "paymentId", "p1", "approve")).toBe("https://tpp.example/cb?scaResult=ok&paymentId=p1");
  });
  test("a malformed redirect URI falls back to itself", () => {
    expect(redirectAfterSca("not a url", "paymentId", "p1", "approve")).toBe("not a url");
    expect(redirectAfterSca("", "paymentId", "p1", "approve")).toBe("");
  });
});
