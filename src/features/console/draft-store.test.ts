import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearDraft, readDraft, saveDraft } from "./draft-store";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

describe("console drafts", () => {
  beforeEach(() => {
    vi.stubGlobal("localStorage", memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("keeps an operation's edits across a reload, but never its X-Request-ID", () => {
    const edits = [
      { path: ["body", "instructedAmount", "amount"], value: "1234.50" },
      { path: ["headers", "X-Request-ID"], value: "3f1b0c8e-0000-4000-8000-000000000001" },
      { path: ["newRequestId"], value: false },
    ];
    expect(saveDraft("createPayment", edits, 1000)).toEqual({ ok: true, savedAt: 1000 });
    expect(readDraft("createPayment")).toEqual({ version: 1, savedAt: 1000, edits: [edits[0]] });
    expect(readDraft("createPeriodicPayment")).toBeUndefined();
  });

  it("a draft from an older request id kept by mistake is read without it", () => {
    localStorage.setItem(
      "psd2-portal:console-draft:getPayment",
      JSON.stringify({ version: 1, savedAt: 1, edits: [{ path: ["headers", "X-Request-ID"], value: "old" }] }),
    );
    expect(readDraft("getPayment")?.edits).toEqual([]);
  });

  it("no edits left, or cleared: no draft", () => {
    saveDraft("createPayment", [{ path: ["body", "creditorName"], value: "Kari" }]);
    saveDraft("createPayment", []);
    expect(readDraft("createPayment")).toBeUndefined();
    saveDraft("createPayment", [{ path: ["body", "creditorName"], value: "Kari" }]);
    clearDraft("createPayment");
    expect(readDraft("createPayment")).toBeUndefined();
  });

  it("a damaged draft is dropped, not shown", () => {
    localStorage.setItem("psd2-portal:console-draft:createPayment", "{not json");
    expect(readDraft("createPayment")).toBeUndefined();
    expect(localStorage.getItem("psd2-portal:console-draft:createPayment")).toBeNull();
    localStorage.setItem("psd2-portal:console-draft:createPayment", JSON.stringify({ version: 9, edits: "no" }));
    expect(readDraft("createPayment")).toBeUndefined();
  });

  it("a full storage is told, not thrown", () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    vi.stubGlobal("localStorage", full);
    expect(saveDraft("createPayment", [{ path: ["body", "creditorName"], value: "Kari" }])).toEqual({ ok: false, problem: "The quota has been exceeded." });
  });
});
