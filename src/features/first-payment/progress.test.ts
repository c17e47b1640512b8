import { beforeEach, describe, expect, test } from "vitest";
import { clearProgress, currentStep, emptyProgress, isStuck, readProgress, saveProgress, type Progress } from "./progress";

const party = (name: string) => ({ customerNumber: "01817010055", name, psuId: "p", accountId: "a", bban: "97101234567" });

describe("the walkthrough's next step", () => {
  test("goes through the five steps in order", () => {
    const progress: Progress = emptyProgress();
    expect(currentStep(progress)).toBe("accounts");
    Object.assign(progress, { payer: party("Kari"), payee: party("Ola") });
    expect(currentStep(progress)).toBe("payment");
    progress.paymentId = "pay-1";
    progress.status = "RCVD";
    expect(currentStep(progress)).toBe("authorise");
    progress.status = "ACTC";
    expect(currentStep(progress)).toBe("batch");
    Object.assign(progress, { status: "ACSC", booked: true });
    expect(currentStep(progress)).toBe("transactions");
    progress.notes.transactions = { ok: true, text: "both", lines: [] };
    expect(currentStep(progress)).toBeUndefined();
  });
  test("a payment approved for a later date (PDNG) is authorised too", () => {
    expect(currentStep({ ...emptyProgress(), payer: party("Kari"), payee: party("Ola"), paymentId: "p", status: "PDNG" })).toBe("batch");
  });
  test("a declined or expired payment cannot go on", () => {
    expect(isStuck({ ...emptyProgress(), status: "RJCT" })).toBe(true);
    expect(isStuck({ ...emptyProgress(), status: "ACTC" })).toBe(false);
  });
});

describe("kept progress", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    globalThis.localStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    } as Storage;
  });
  test("survives a reload, separately per sandbox, and is cleared on request", () => {
    saveProgress("browser", { ...emptyProgress(), paymentId: "pay-1" });
    expect(readProgress("browser").paymentId).toBe("pay-1");
    expect(readProgress("http://127.0.0.1:4010").paymentId).toBeUndefined();
    clearProgress("browser");
    expect(readProgress("browser")).toEqual(emptyProgress());
  });
  test("something else under the key starts the walkthrough from the beginning", () => {
    store.set("psd2-portal:first-payment:browser", "{not json");
    expect(readProgress("browser")).toEqual(emptyProgress());
    store.set("psd2-portal:first-payment:browser", JSON.stringify({ notes: { accounts: "wrong" } }));
    expect(readProgress("browser")).toEqual(emptyProgress());
  });
});
