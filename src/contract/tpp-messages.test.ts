import { describe, expect, test } from "vitest";
import { MAX_TPP_MESSAGES, capMessages, fieldNameOfPath, formatPath, issuesToTppMessages, tppError } from "./tpp-messages";
import { TransactionListQuery } from "./query";
import { SinglePaymentRequest } from "./payments";

describe("tppMessages from contract issues", () => {
  test("paths read like the body: dots and [index]", () => {
    expect(formatPath(["remittanceInformationStructuredArray", 0, "reference"])).toBe("remittanceInformationStructuredArray[0].reference");
    expect(fieldNameOfPath("remittanceInformationStructuredArray[0].reference")).toBe("remittanceInformationStructuredArray.0.reference");
  });
  test("a missing field, an invalid one and a KID each get their code", () => {
    const body = {
      instructedAmount: { amount: "1.001", currency: "NOK" },
      creditorAccount: { bban: "86011117947", currency: "NOK" },
      debtorAccount: { bban: "12345678903", currency: "NOK" },
      remittanceInformationStructuredArray: [{ reference: "12345", referenceType: "KID" }],
    };
    const messages = issuesToTppMessages(SinglePaymentRequest.safeParse(body).error?.issues ?? [], "body", body);
    expect(messages).toEqual(
      expect.arrayContaining([
        { category: "ERROR", code: "FORMAT_ERROR", path: "instructedAmount.amount", text: expect.stringMatching(/NOK has 2 decimals/) as string },
        { category: "ERROR", code: "FORMAT_ERROR", path: "creditorName", text: "The field creditorName is required: add it." },
        {
          category: "ERROR",
          code: "KID_INVALID",
          path: "remittanceInformationStructuredArray[0].reference",
          text: expect.stringMatching(/not a valid KID/) as string,
        },
      ]),
    );
  });
  test("query parameters", () => {
    const query = { limit: "0" };
    expect(issuesToTppMessages(TransactionListQuery.safeParse(query).error?.issues ?? [], "query", query)).toEqual([
      { category: "ERROR", code: "FORMAT_ERROR", path: "limit", text: "Must be at least 1; got 0." },
    ]);
  });
  test("texts are clipped to the 512 characters a tppMessage allows", () => {
    const body = { x: "y".repeat(2000) };
    const [message] = issuesToTppMessages([{ code: "custom", path: ["x"], message: "z".repeat(900), input: undefined }], "body", body);
    expect(message?.text).toHaveLength(512);
  });
  test(`at most ${String(MAX_TPP_MESSAGES)} messages, the last saying how many more were found`, () => {
    const body = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${String(index)}`, 1]));
    const messages = issuesToTppMessages(SinglePaymentRequest.safeParse(body).error?.issues ?? [], "body", body);
    expect(messages).toHaveLength(MAX_TPP_MESSAGES);
    expect(messages[0]).toEqual(expect.objectContaining({ code: "FORMAT_ERROR", path: expect.any(String) as string }));
    expect(messages.at(-1)?.text).toMatch(/^99985 more problems were found and are not listed/); // 100,000 unknown fields and 4 missing ones, less the 19 shown
    // The unknown keys' text names a few of them, not all 100,000.
    expect(JSON.stringify(messages).length).toBeLessThan(20_000);
  });
  test("capMessages keeps the first code, so the answer's status stays", () => {
    const many = Array.from({ length: 30 }, (_, index) => tppError(index === 0 ? "HTTP_HEADER_REQUIRED" : "FORMAT_ERROR", `problem ${String(index)}`));
    const capped = capMessages(many);
    expect(capped).toHaveLength(MAX_TPP_MESSAGES);
    expect(capped[0]?.code).toBe("HTTP_HEADER_REQUIRED");
    expect(capped.at(-1)).toEqual({ category: "ERROR", code: "HTTP_HEADER_REQUIRED", text: expect.stringMatching(/^11 more problems/) as string });
    expect(capMessages(many.slice(0, MAX_TPP_MESSAGES))).toEqual(many.slice(0, MAX_TPP_MESSAGES));
  });
  test("a path that echoes a huge key is clipped", () => {
    const key = "k".repeat(100_000);
    const [message] = issuesToTppMessages(SinglePaymentRequest.safeParse({ [key]: 1 }).error?.issues ?? [], "body", {});
    expect(message?.path?.length).toBeLessThanOrEqual(200);
    expect(message?.text?.length).toBeLessThanOrEqual(512);
  });
});
