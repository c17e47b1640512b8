import { describe, test } from "vitest";
import { AccountReference, Address, Link, TppMessage } from "./common-objects";
import { checkRows, expectAccepted, expectRejected } from "./test-helpers";

describe("Account reference (spec 2.1)", () => {
  const base = { bban: "86011117947", currency: "NOK" };
  test("rows", () => {
    checkRows(AccountReference, base, [
      {
        path: "bban",
        accepted: ["86011117947", "A".repeat(30)],
        rejected: [
          { value: "A".repeat(31), message: /At most 30 characters/ },
          { value: "8601.11.17947", message: /without spaces or dots/ },
        ],
      },
      {
        path: "iban",
        accepted: ["NO9386011117947", "DE89370400440532013000"],
        rejected: [
          { value: "NO9386011117948", message: /MOD 97-10|check digit/ },
          { value: "NO93 8601 1117 947", message: /without spaces/ },
          { value: "X".repeat(35), message: /At most 34/ },
          { value: "DE8937040044053201300", message: /wrong length/ },
        ],
      },
      { path: "currency", accepted: ["NOK", "EUR"], rejected: [{ value: "NKR", message: /ISO 4217/ }, { value: undefined }] },
    ]);
  });
  test("an account is named by bban or iban; a Norwegian iban and bban must agree", () => {
    expectAccepted(AccountReference, { iban: "NO9386011117947", currency: "NOK" });
    expectRejected(AccountReference, { currency: "NOK" }, "bban", /bban \(or its iban\)/);
    expectAccepted(AccountReference, { bban: "86011117947", iban: "NO9386011117947", currency: "NOK" });
    expectRejected(AccountReference, { bban: "12345678903", iban: "NO9386011117947", currency: "NOK" }, "iban", /names account 86011117947/);
  });
});

describe("Address (spec 2.1)", () => {
  test("rows", () => {
    checkRows(Address, { country: "NO" }, [
      {
        path: "street",
        accepted: ["Storgata", "x".repeat(70)],
        rejected: [{ value: "x".repeat(71), message: /At most 70 characters allowed; this value has 71/ }],
      },
      { path: "buildingNumber", accepted: ["12B"], rejected: [{ value: 12, message: /Must be a string/ }] },
      { path: "postalCode", accepted: ["0150"], rejected: [{ value: 150 }] },
      { path: "city", accepted: ["Oslo"], rejected: [{ value: ["Oslo"] }] },
      {
        path: "country",
        accepted: ["NO", "AX"],
        rejected: [{ value: "NOR", message: /ISO 3166-1/ }, { value: "no" }, { value: undefined, message: /Required/ }],
      },
    ]);
  });
});

describe("Link (spec 2.1)", () => {
  test("rows", () => {
    checkRows(Link, { href: "/v1/payments/x", verbs: ["GET"] }, [
      { path: "href", accepted: ["/v1/x"], rejected: [{ value: undefined }, { value: 1 }] },
      { path: "verbs", accepted: [["GET", "DELETE"], []], rejected: [{ value: ["PATCH"], at: "verbs[0]" }, { value: undefined }] },
    ]);
  });
});

describe("tppMessage (spec 2.1)", () => {
  test("rows", () => {
    checkRows(TppMessage, { category: "ERROR", code: "FORMAT_ERROR" }, [
      { path: "category", accepted: ["ERROR", "WARNING"], rejected: [{ value: "INFO" }, { value: undefined }] },
      { path: "code", accepted: ["KID_INVALID", "REFERENCE_MIX_INVALID", "WARNING"], rejected: [{ value: "OOPS" }, { value: undefined }] },
      { path: "path", accepted: ["creditorAccount.iban"], rejected: [{ value: 3 }] },
      { path: "text", accepted: ["x".repeat(512)], rejected: [{ value: "x".repeat(513), message: /At most 512/ }] },
    ]);
  });
});
