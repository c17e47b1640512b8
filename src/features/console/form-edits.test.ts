import { describe, expect, it } from "vitest";
import { applyEdits, differences, emptyLeaves, isEdited, updateEdits } from "./form-edits";

const before = {
  headers: { "PSU-ID": "ola", Accept: "application/json" },
  body: { instructedAmount: { amount: "250.00", currency: "NOK" }, debtorAccount: { bban: "" }, balances: [{ amount: 1 }] },
};
const arrived = {
  headers: { "PSU-ID": "kari", Accept: "application/json" },
  body: { instructedAmount: { amount: "250.00", currency: "NOK" }, debtorAccount: { bban: "12345678903" }, balances: [{ amount: 1 }] },
};

describe("form edits", () => {
  it("a typed amount survives the sandbox's data arriving, which fills every field not typed in", () => {
    const typed = structuredClone(before);
    typed.body.instructedAmount.amount = "1234.50";
    const edits = updateEdits([], before, typed);
    expect(edits).toEqual([{ path: ["body", "instructedAmount", "amount"], value: "1234.50" }]);
    const shown = applyEdits(arrived, edits);
    expect(shown.body.instructedAmount.amount).toBe("1234.50");
    expect(shown.body.debtorAccount.bban).toBe("12345678903");
    expect(shown.headers["PSU-ID"]).toBe("kari");
  });

  it("a field typed back to the example's value stays the user's", () => {
    const typed = structuredClone(before);
    typed.headers["PSU-ID"] = "someone";
    let edits = updateEdits([], before, typed);
    const back = structuredClone(typed);
    back.headers["PSU-ID"] = "ola";
    edits = updateEdits(edits, typed, back);
    expect(applyEdits(arrived, edits).headers["PSU-ID"]).toBe("ola");
  });

  it("a cleared field stays cleared", () => {
    const cleared = structuredClone(before);
    cleared.headers["PSU-ID"] = undefined as unknown as string;
    const edits = updateEdits([], before, cleared);
    expect(applyEdits(arrived, edits).headers["PSU-ID"]).toBeUndefined();
  });

  it("a list that lost an item is one edit of the whole list, and the items inside it are not kept apart", () => {
    const typed = structuredClone(before);
    typed.body.balances[0] = { amount: 7 };
    let edits = updateEdits([], before, typed);
    expect(edits.map((edit) => edit.path.join("."))).toEqual(["body.balances.0.amount"]);
    const removed = { ...typed, body: { ...typed.body, balances: [] } };
    edits = updateEdits(edits, typed, removed);
    expect(edits).toEqual([{ path: ["body", "balances"], value: [] }]);
    expect(applyEdits(arrived, edits).body.balances).toEqual([]);
  });

  it("fields registered empty are no change; a missing key and an empty value are the same", () => {
    const registered = { ...before, body: { ...before.body, remittanceInformationStructured: { reference: undefined, referenceType: "" } } };
    expect(differences(before, registered)).toEqual([]);
  });

  it("an edit of a whole part (a recorded request's headers) keeps the sandbox out of all of it", () => {
    const edits = [{ path: ["headers"], value: { Accept: "application/json" } }];
    const shown = applyEdits(arrived, edits);
    expect(shown.headers).toEqual({ Accept: "application/json" });
    expect(isEdited(edits, ["headers", "PSU-ID"])).toBe(true);
    const typed = { ...shown, headers: { Accept: "text/plain" } };
    expect(updateEdits(edits, shown, typed)).toEqual([{ path: ["headers"], value: { Accept: "text/plain" } }]);
  });

  it("the fields an example leaves empty are the ones the sandbox fills", () => {
    expect(emptyLeaves(before).map((path) => path.join("."))).toEqual(["body.debtorAccount.bban"]);
  });
});
