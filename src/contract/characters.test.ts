import { describe, expect, test } from "vitest";
import { characterCount, clipCharacters, firstCharacters } from "./characters";
import { TppMessage } from "./common-objects";
import { SinglePaymentRequest } from "./payments";
import { SandboxTransactionRequest } from "./sandbox";
import { issuesToTppMessages } from "./tpp-messages";
import { expectAccepted, expectRejected, withValue } from "./test-helpers";

const emoji = "😀"; // one code point, two UTF-16 units

const payment = {
  instructedAmount: { amount: "10.00", currency: "NOK" },
  creditorName: "Ola Nordmann",
  creditorAccount: { bban: "86011117947", currency: "NOK" },
  debtorAccount: { bban: "12345678903", currency: "NOK" },
  remittanceInformationUnstructured: "Kino",
};

describe("a character is a code point", () => {
  test("counting: an emoji is one, a combining accent is its own, a lone surrogate is one", () => {
    expect(characterCount(emoji.repeat(71))).toBe(71);
    expect(characterCount("e\u0301")).toBe(2);
    expect(characterCount("\ud800x")).toBe(2);
    expect(characterCount("")).toBe(0);
  });
  test("cutting never splits a surrogate pair", () => {
    expect(firstCharacters(`a${emoji}b`, 2)).toBe(`a${emoji}`);
    expect(clipCharacters(emoji.repeat(600), 512)).toBe(`${emoji.repeat(511)}…`);
    expect(clipCharacters("short", 512)).toBe("short");
  });
});

describe("length rules and their messages count the same unit", () => {
  test.each([
    ["creditorName", 70],
    ["remittanceInformationUnstructured", 140],
  ])("%s: %i emoji pass, one more is refused and the message counts emoji, not UTF-16 units", (path, max) => {
    expectAccepted(SinglePaymentRequest, withValue(payment, path, emoji.repeat(max)));
    expectRejected(
      SinglePaymentRequest,
      withValue(payment, path, emoji.repeat(max + 1)),
      path,
      new RegExp(`^At most ${String(max)} characters allowed; this value has ${String(max + 1)}\\.$`),
    );
  });
  test("a minimum counts the same way: two emoji are two characters, short of bankTransactionCode's four", () => {
    const transaction = { amount: 10, currency: "NOK", creditorName: "X", creditorAccount: { bban: "86011117947" }, debtorAccount: { bban: "12345678903" } };
    expectRejected(
      SandboxTransactionRequest,
      { ...transaction, bankTransactionCode: emoji.repeat(2) },
      "bankTransactionCode",
      /^At least 4 characters allowed; this value has 2\.$/,
    );
  });
  test("a tppMessage text clipped to 512 characters still fits the contract's 512-character text", () => {
    const [message] = issuesToTppMessages([{ code: "custom", path: [], message: emoji.repeat(900), input: undefined }], "body", {});
    expect(characterCount(message?.text ?? "")).toBe(512);
    expect(TppMessage.safeParse(message).success).toBe(true);
  });
});
