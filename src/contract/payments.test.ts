import { describe, expect, test } from "vitest";
import { deprecationWarnings } from "./deprecations";
import {
  MAX_BASKET_PAYMENTS,
  MAX_STRUCTURED_REFERENCES,
  PaymentInitiationResponse,
  PaymentStatus,
  PeriodicPaymentRequest,
  SigningBasketRequest,
  SinglePaymentRequest,
  StructuredReference,
} from "./payments";
import { checkRows, expectAccepted, expectRejected, type FieldRow } from "./test-helpers";

const core = {
  instructedAmount: { amount: "1250.00", currency: "NOK" },
  creditorName: "Kari Nordmann",
  creditorAccount: { bban: "86011117947", currency: "NOK" },
  debtorAccount: { bban: "12345678903", currency: "NOK" },
};
const periodic = { ...core, startDate: "2026-12-01", frequency: "Monthly" };
const withAddress = { creditorAddress: { country: "NO" } };

const coreRows: FieldRow[] = [
  { path: "instructedAmount.amount", accepted: ["0.01", "100"], rejected: [{ value: "100.001", message: /NOK has 2 decimals/ }, { value: 100 }] },
  { path: "instructedAmount", accepted: [{ amount: "5", currency: "EUR" }], rejected: [{ value: undefined, message: /Required/ }] },
  { path: "creditorName", accepted: ["x".repeat(70)], rejected: [{ value: "x".repeat(71), message: /At most 70/ }, { value: undefined }] },
  {
    path: "creditorAccount.bban",
    accepted: ["12094355778"],
    rejected: [
      { value: "12094355779", message: /MOD11/ },
      { value: "1209435577", message: /exactly 11 digits/ },
    ],
  },
  { path: "creditorAccount.iban", accepted: ["NO9386011117947"], rejected: [{ value: "DE89370400440532013000", message: /Norwegian IBAN/ }] },
  { path: "creditorAccount", accepted: [{ iban: "NO9386011117947", currency: "NOK" }], rejected: [{ value: undefined }] },
  { path: "creditorAddress.country", accepted: ["NO"], rejected: [{ value: "XX" }] },
  { path: "creditorAddress.street", accepted: ["Karl Johans gate"], rejected: [{ value: "s".repeat(71) }] },
  { path: "debtorAccount.currency", accepted: ["EUR"], rejected: [{ value: "EURO" }] },
  {
    path: "debtorAccount",
    accepted: [{ bban: "86011117947", currency: "NOK" }],
    rejected: [{ value: undefined }, { value: { currency: "NOK" }, at: "debtorAccount.bban" }],
  },
  { path: "ultimateDebtor", accepted: ["Ola", "u".repeat(70)], rejected: [{ value: "u".repeat(71) }] },
  {
    path: "remittanceInformationUnstructured",
    accepted: ["Invoice 42", "r".repeat(140)],
    rejected: [
      { value: "", message: /Must not be empty/ },
      { value: "r".repeat(141), message: /At most 140/ },
    ],
  },
];

describe("Periodic payment request (spec 2.2)", () => {
  test("shared rows", () => {
    checkRows(PeriodicPaymentRequest, { ...periodic, ...withAddress }, coreRows);
  });
  test("periodic rows", () => {
    checkRows(PeriodicPaymentRequest, periodic, [
      { path: "purposeCode", accepted: ["SALA", "OTHR"], rejected: [{ value: "GDDS" }] },
      {
        path: "startDate",
        accepted: ["2028-02-29"],
        rejected: [{ value: "2027-02-29", message: /calendar date/ }, { value: "01.12.2026" }, { value: undefined }],
      },
      {
        path: "executionRule",
        accepted: ["following", "preceeding"],
        rejected: [{ value: "preceding", message: /spells it "preceeding"/ }, { value: "next" }],
      },
      { path: "endDate", accepted: ["2027-12-31"], rejected: [{ value: "2026-13-01" }, { value: "2026-11-30", message: /before startDate/ }] },
      { path: "frequency", accepted: ["Daily", "Annual", "EveryTwoWeeks"], rejected: [{ value: "Fortnightly" }, { value: "monthly" }, { value: undefined }] },
      {
        path: "dayOfExecution",
        accepted: ["1", "05", "31"],
        rejected: [{ value: "123", message: /one or two digits/ }, { value: "0", message: /1 to 31/ }, { value: "32" }, { value: 5 }],
      },
    ]);
  });
  test("monthsOfExecution: MonthlyVariable only, elements 1 to 11, no duplicates (spec 7 rule 4)", () => {
    const variable = { ...periodic, frequency: "MonthlyVariable" };
    expectAccepted(PeriodicPaymentRequest, { ...variable, monthsOfExecution: [1, 6, 11] });
    expectRejected(PeriodicPaymentRequest, { ...variable, monthsOfExecution: [3, 5, 3] }, "monthsOfExecution[2]", /Month 3 is listed twice/);
    expectRejected(PeriodicPaymentRequest, { ...variable, monthsOfExecution: [12] }, "monthsOfExecution[0]", /at most 11/);
    expectRejected(PeriodicPaymentRequest, { ...variable, monthsOfExecution: [0] }, "monthsOfExecution[0]", /at least 1/);
    expectRejected(PeriodicPaymentRequest, { ...variable, monthsOfExecution: [1.5] }, "monthsOfExecution[0]", /integer/);
    expectRejected(PeriodicPaymentRequest, { ...variable, monthsOfExecution: [] }, "monthsOfExecution");
    expectRejected(PeriodicPaymentRequest, variable, "monthsOfExecution", /needs monthsOfExecution/);
    expectRejected(PeriodicPaymentRequest, { ...periodic, monthsOfExecution: [1] }, "monthsOfExecution", /only to frequency MonthlyVariable/);
  });
  test("monthsOfExecution holds at most 11 months: a longer list is refused at once, with one issue", () => {
    const variable = { ...periodic, frequency: "MonthlyVariable" };
    expectRejected(PeriodicPaymentRequest, { ...variable, monthsOfExecution: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1] }, "monthsOfExecution", /At most 11 items/);
    // 130,000 repeated months gave 130,000 issues and a stack overflow (a 500).
    const issues = PeriodicPaymentRequest.safeParse({ ...variable, monthsOfExecution: Array<number>(130_000).fill(1) }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join("."))).toEqual(["monthsOfExecution"]);
  });
  test("unknown fields are named", () => {
    expectRejected(PeriodicPaymentRequest, { ...periodic, requestedExecutionDate: "2026-12-01" }, "requestedExecutionDate", /Unknown field/);
  });
});

describe("Single payment request (spec 2.4)", () => {
  const kid = { reference: "12344", referenceType: "KID" };
  test("shared rows", () => {
    checkRows(SinglePaymentRequest, { ...core, ...withAddress }, coreRows);
  });
  test("single-payment rows", () => {
    checkRows(SinglePaymentRequest, { ...core, remittanceInformationStructuredArray: [kid] }, [
      { path: "requestedExecutionDate", accepted: ["2026-12-24"], rejected: [{ value: "2026-12-32" }] },
      {
        path: "remittanceInformationStructuredArray",
        accepted: [[kid], [kid, { reference: "104-", referenceType: "OCR", referenceIssuer: "Bank" }]],
        rejected: [{ value: [] }, { value: kid }],
      },
      {
        path: "remittanceInformationStructuredArray.0.reference",
        accepted: ["12343", "104-"],
        rejected: [{ value: "12345", message: /not a valid KID/ }, { value: "" }],
      },
      { path: "remittanceInformationStructuredArray.0.referenceType", accepted: ["SCOR"], rejected: [{ value: "" }, { value: "T".repeat(36) }] },
      { path: "remittanceInformationStructuredArray.0.referenceIssuer", accepted: ["Issuer"], rejected: [{ value: "I".repeat(36) }] },
    ]);
  });
  test("a KID is checked with MOD10 and MOD11 and fails as KID_INVALID", () => {
    const result = StructuredReference.safeParse({ reference: "12345", referenceType: "kid" });
    expect(result.error?.issues[0]?.path).toEqual(["reference"]);
    expect((result.error?.issues[0] as { params?: unknown } | undefined)?.params).toEqual({ tppCode: "KID_INVALID" });
    expectAccepted(StructuredReference, { reference: "12344", referenceType: "kid" });
    expectRejected(StructuredReference, { reference: "12A44", referenceType: "OCR" }, "reference", /2 to 25 digits/);
  });
  test("the sample's misspelt referencType is rejected with the right name suggested", () => {
    expectRejected(
      SinglePaymentRequest,
      { ...core, remittanceInformationStructuredArray: [{ reference: "12344", referencType: "KID" }] },
      "remittanceInformationStructuredArray[0].referencType",
      /did you mean "referenceType"/,
    );
  });
  test("structured and unstructured remittance never together (rule 1)", () => {
    expectRejected(
      SinglePaymentRequest,
      { ...core, remittanceInformationUnstructured: "x", remittanceInformationStructuredArray: [kid] },
      "remittanceInformationUnstructured",
      /never both/,
    );
    expectRejected(
      SinglePaymentRequest,
      { ...core, remittanceInformationUnstructured: "x", remittanceInformationStructured: kid },
      "remittanceInformationUnstructured",
      /never both/,
    );
    expectRejected(
      SinglePaymentRequest,
      { ...core, remittanceInformationStructuredArray: [kid], remittanceInformationStructured: kid },
      "remittanceInformationStructured",
      /deprecated/,
    );
  });
  test(`at most ${String(MAX_STRUCTURED_REFERENCES)} structured references`, () => {
    expectAccepted(SinglePaymentRequest, { ...core, remittanceInformationStructuredArray: Array(MAX_STRUCTURED_REFERENCES).fill(kid) });
    expectRejected(
      SinglePaymentRequest,
      { ...core, remittanceInformationStructuredArray: Array(MAX_STRUCTURED_REFERENCES + 1).fill(kid) },
      "remittanceInformationStructuredArray",
      /At most 999 items/,
    );
  });
  test("the deprecated single value is accepted with a WARNING (rule 2)", () => {
    const body = { ...core, remittanceInformationStructured: kid };
    expectAccepted(SinglePaymentRequest, body);
    expect(deprecationWarnings(SinglePaymentRequest, SinglePaymentRequest.parse(body))).toEqual([
      expect.objectContaining({
        category: "WARNING",
        code: "WARNING",
        path: "remittanceInformationStructured",
        text: expect.stringMatching(/remittanceInformationStructuredArray/) as string,
      }),
    ]);
    expect(deprecationWarnings(SinglePaymentRequest, SinglePaymentRequest.parse({ ...core, remittanceInformationStructuredArray: [kid] }))).toEqual([]);
  });
});

describe("Creation response (spec 2.3) and status record (2.7)", () => {
  const response = { paymentId: "p1", transactionStatus: "RCVD" };
  test("rows", () => {
    checkRows(PaymentInitiationResponse, response, [
      { path: "paymentId", accepted: ["abc"], rejected: [{ value: undefined }] },
      { path: "transactionStatus", accepted: ["ACTC", "PDNG"], rejected: [{ value: "DONE" }, { value: undefined }] },
      {
        path: "transactionFees",
        accepted: [{ amount: "1.00", currency: "NOK" }],
        rejected: [{ value: { amount: "1.001", currency: "NOK" }, at: "transactionFees.amount" }],
      },
      { path: "transactionFeeIndicator", accepted: [true], rejected: [{ value: "yes" }] },
      {
        path: "tppMessages",
        accepted: [[{ category: "WARNING", code: "WARNING" }]],
        rejected: [{ value: [{ category: "X", code: "WARNING" }], at: "tppMessages[0].category" }],
      },
      { path: "psuMessage", accepted: ["p".repeat(512)], rejected: [{ value: "p".repeat(513) }] },
      {
        path: "_links",
        accepted: [{ scaRedirect: { href: "/bank", verbs: ["GET"] } }],
        rejected: [{ value: { self: { href: "/x" } }, at: "_links.self.verbs" }],
      },
    ]);
    checkRows(PaymentStatus, { transactionStatus: "RJCT" }, [
      { path: "fundsAvailable", accepted: [false, true], rejected: [{ value: "false" }] },
      { path: "transactionStatus", accepted: ["ACSC"], rejected: [{ value: undefined }] },
    ]);
  });
});

describe("Signing basket request", () => {
  test("at least one payment, none twice", () => {
    expectAccepted(SigningBasketRequest, { paymentIds: ["a", "b"] });
    expectRejected(SigningBasketRequest, { paymentIds: [] }, "paymentIds");
    expectRejected(SigningBasketRequest, { paymentIds: ["a", "a"] }, "paymentIds[1]", /listed twice/);
  });
  test(`at most ${String(MAX_BASKET_PAYMENTS)} payments, refused before any id is read`, () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => `p${String(index)}`);
    expectAccepted(SigningBasketRequest, { paymentIds: ids(MAX_BASKET_PAYMENTS) });
    expectRejected(SigningBasketRequest, { paymentIds: ids(MAX_BASKET_PAYMENTS + 1) }, "paymentIds", /At most 100 items allowed; this list has 101/);
  });
});
