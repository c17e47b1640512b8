import { describe, expect, test } from "vitest";
import { fieldNameOfPath, formatPath, issuesToTppMessages } from "./tpp-messages";
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
        { category: "ERROR", code: "KID_INVALID", path: "remittanceInformationStructuredArray[0].reference", text: expect.stringMatching(/not a valid KID/) as string },
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
});
