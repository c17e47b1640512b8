/** Payment bodies: periodic (spec 2.2, 2.3) and single (2.4) NDCT payments, status, baskets. */
import { contradictingBban } from "./account-numbers";
import { Amount } from "./amount";
import { ExecutionRule, Frequency, PurposeCode, TransactionStatus } from "./codes";
import { AccountReference, Address, Links, TppMessage, psuMessage } from "./common-objects";
import { kidCheckOf } from "./norwegian-numbers";
import { calendarDate, freeText, iban, nonEmptyFreeText, norwegianAccountNumber, uniqueList } from "./primitives";
import { strictObject } from "./strict-object";
import { z } from "./zod";
import { patternText } from "./pattern-text";

/**
 * The account of a Norwegian domestic credit transfer: a Norwegian account number (11 digits,
 * MOD11) as bban, or a Norwegian IBAN. Narrower than the shared Account reference because the
 * product is domestic; a bank would refuse anything else.
 */
export const DomesticAccountReference = strictObject({
  bban: norwegianAccountNumber.optional().meta({ description: "Norwegian account number: 11 digits, the last a MOD11 check digit." }),
  iban: iban
    .refine((value) => value.startsWith("NO"), { error: "A domestic transfer needs a Norwegian IBAN (starting NO)." })
    .optional()
    .meta({ description: "Norwegian IBAN (NO + 2 check digits + the 11-digit account number)." }),
  currency: AccountReference.shape.currency,
})
  .superRefine((value, ctx) => {
    if (value.bban === undefined && value.iban === undefined)
      ctx.addIssue({ code: "custom", path: ["bban"], message: "Identify the account: give its bban (11 digits), or its iban." });
    else {
      const named = contradictingBban(value);
      if (named)
        ctx.addIssue({
          code: "custom",
          path: ["iban"],
          message: `The iban names account ${named} but the bban is ${value.bban ?? ""}; send one, or two that match.`,
        });
    }
  })
  .meta({
    id: "DomesticAccountReference",
    description: "A Norwegian account: bban (11-digit account number) or iban, and the currency.",
    anyOf: [{ required: ["bban"] }, { required: ["iban"] }],
  });
export type DomesticAccountReference = z.infer<typeof DomesticAccountReference>;

/** Spec 2.2: months 1 to 11, no duplicates; so no list is longer. */
export const MAX_MONTHS_OF_EXECUTION = 11;
/**
 * The spec bounds neither list (decision 0015). A payment settling many invoices lists one KID
 * each; 999 is generous and keeps one request's work bounded.
 */
export const MAX_STRUCTURED_REFERENCES = 999;
/** Berlin Group leaves a basket's size to the bank ("signing basket max entries" in its profile). */
export const MAX_BASKET_PAYMENTS = 100;

const KID_TYPES = ["KID", "OCR"];
export const isKidReferenceType = (referenceType: string) => KID_TYPES.includes(referenceType.toUpperCase());

export const StructuredReference = strictObject({
  reference: nonEmptyFreeText(35).meta({ description: "The reference, e.g. a KID: 2–25 digits, the last a MOD10 or MOD11 check digit." }),
  referenceType: nonEmptyFreeText(35).meta({ description: 'A reference type code. "KID" (or "OCR") marks a Norwegian KID, which is checked.' }),
  referenceIssuer: freeText(35).optional().meta({ description: "Who issued the reference." }),
})
  .superRefine((value, ctx) => {
    if (!isKidReferenceType(value.referenceType) || kidCheckOf(value.reference)) return;
    const shape = /^\d{1,24}[\d-]$/.test(value.reference)
      ? "its last digit is neither its MOD10 nor its MOD11 check digit"
      : "a KID has 2 to 25 digits (MOD11 KIDs may end in -)";
    ctx.addIssue({
      code: "custom",
      path: ["reference"],
      params: { tppCode: "KID_INVALID" },
      message: `${value.reference} is not a valid KID: ${shape}. Copy the KID from the invoice again.`,
    });
  })
  .meta({ id: "StructuredReference", description: "A structured remittance reference (OCR/KID)." });

const unstructured = nonEmptyFreeText(140).meta({ description: "A free payment message; non-empty, at most 140 characters." });

const paymentCore = {
  instructedAmount: Amount,
  creditorName: freeText(70).meta({ description: "At most 70 characters." }),
  creditorAccount: DomesticAccountReference,
  creditorAddress: Address.optional(),
  debtorAccount: DomesticAccountReference,
  ultimateDebtor: freeText(70).optional().meta({ description: "At most 70 characters." }),
  remittanceInformationUnstructured: unstructured.optional(),
};

export const PeriodicPaymentRequest = strictObject({
  ...paymentCore,
  purposeCode: PurposeCode.optional().meta({ description: "A supported subset of ISO 20022 external purpose codes." }),
  startDate: calendarDate.meta({ description: "First day the standing order may run." }),
  executionRule: ExecutionRule.optional().meta({
    description:
      "following or preceeding (this exact spelling): whether the payment runs on the following or the preceding business day when dayOfExecution falls on a weekend or bank holiday.",
  }),
  endDate: calendarDate.optional().meta({ description: "Last day the standing order may run." }),
  frequency: Frequency.meta({ description: "PeriodicPaymentFrequency." }),
  // Months 1 to 11, each once (spec 2.2): so at most 11 of them, checked before any is read.
  monthsOfExecution: uniqueList(
    z.int().min(1).max(11),
    MAX_MONTHS_OF_EXECUTION,
    (month) => `Month ${String(month)} is listed twice; each month may appear once.`,
  )
    .optional()
    .meta({
      description:
        "Months in which a MonthlyVariable payment runs; each 1 to 11 (the stated bound), no duplicates. Sent if and only if frequency is MonthlyVariable.",
    }),
  dayOfExecution: z
    .string()
    .regex(/^\d{1,2}$/, { error: "Write the day of the month as one or two digits, such as 5 or 25.", abort: true })
    .refine((day) => Number(day) >= 1 && Number(day) <= 31, { error: "The day of the month must be from 1 to 31." })
    .optional()
    .meta({ description: "Day of month; one or two digits (1–31).", ...patternText("one or two digits: a day of the month from 1 to 31") }),
})
  .superRefine((value, ctx) => {
    if (value.endDate !== undefined && value.endDate < value.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: `endDate ${value.endDate} lies before startDate ${value.startDate}.` });
    const months = value.monthsOfExecution;
    if (value.frequency === "MonthlyVariable" && months === undefined)
      ctx.addIssue({ code: "custom", path: ["monthsOfExecution"], message: "A MonthlyVariable payment needs monthsOfExecution: the months it runs in." });
    if (value.frequency !== "MonthlyVariable" && months !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["monthsOfExecution"],
        message: `monthsOfExecution applies only to frequency MonthlyVariable, not ${value.frequency}; remove it.`,
      });
  })
  .meta({ id: "PeriodicPaymentRequest", description: "Body of a periodic (standing order) NDCT payment initiation (spec 2.2)." });
export type PeriodicPaymentRequest = z.infer<typeof PeriodicPaymentRequest>;

export const SinglePaymentRequest = strictObject({
  ...paymentCore,
  remittanceInformationStructuredArray: z
    .array(StructuredReference)
    .min(1)
    .max(MAX_STRUCTURED_REFERENCES)
    .optional()
    .meta({
      description: `Structured references (OCR/KID), at most ${String(MAX_STRUCTURED_REFERENCES)}. Either this or remittanceInformationUnstructured, never both.`,
    }),
  remittanceInformationStructured: StructuredReference.optional().meta({
    description: "Deprecated since 1.16.2 and slated for removal: send remittanceInformationStructuredArray instead.",
    deprecated: true,
    "x-replaced-by": "remittanceInformationStructuredArray",
  }),
  requestedExecutionDate: calendarDate.optional().meta({ description: "Day the payment is to be executed; today or later. Omitted: as soon as possible." }),
})
  .superRefine((value, ctx) => {
    const structured = value.remittanceInformationStructuredArray ?? value.remittanceInformationStructured;
    if (structured !== undefined && value.remittanceInformationUnstructured !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["remittanceInformationUnstructured"],
        message: "Send either a structured reference (KID) or an unstructured message, never both.",
      });
    if (value.remittanceInformationStructuredArray !== undefined && value.remittanceInformationStructured !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["remittanceInformationStructured"],
        message: "remittanceInformationStructured is deprecated and is already given in remittanceInformationStructuredArray; remove it.",
      });
  })
  .meta({
    id: "SinglePaymentRequest",
    description:
      "Body of a single NDCT payment initiation (spec 2.4). Required fields and bounds not shown by the spec follow the periodic payment (see docs/decisions).",
    not: {
      anyOf: [
        { required: ["remittanceInformationUnstructured", "remittanceInformationStructuredArray"] },
        { required: ["remittanceInformationUnstructured", "remittanceInformationStructured"] },
        { required: ["remittanceInformationStructuredArray", "remittanceInformationStructured"] },
      ],
    },
  });
export type SinglePaymentRequest = z.infer<typeof SinglePaymentRequest>;

export const PaymentInitiationResponse = z
  .object({
    paymentId: z.string(),
    transactionStatus: TransactionStatus,
    transactionFees: Amount.optional(),
    transactionFeeIndicator: z.boolean().optional().meta({ description: "Tells whether fees apply to the transaction." }),
    tppMessages: z.array(TppMessage).optional().meta({ description: "Operational messages to the TPP." }),
    psuMessage: psuMessage.optional(),
    _links: Links.optional(),
  })
  .meta({ id: "PaymentInitiationResponse", description: "Answer to a payment initiation (spec 2.3)." });
export type PaymentInitiationResponse = z.infer<typeof PaymentInitiationResponse>;

/**
 * Why a payment is RJCT (decision 0058): one tppMessage whose code tells the kind (SCA_EXPIRED: never approved in time or
 * abandoned; PAYMENT_FAILED: declined, insufficient funds, settlement rejected) and whose text the details, and a text
 * for the PSU. The spec leaves the status record's fields beyond fundsAvailable open (2.7).
 */
const rejectionFields = {
  psuMessage: psuMessage.optional().meta({ description: "When RJCT: why, in words to show the PSU (this sandbox's choice, decision 0058)." }),
  tppMessages: z.array(TppMessage).optional().meta({
    description:
      "When RJCT: one message saying why (this sandbox's choice, decision 0058). Its code: SCA_EXPIRED when SCA was not completed in time (expired or abandoned); PAYMENT_FAILED when the PSU declined SCA, funds lacked (with fundsAvailable false) or the settlement was rejected; its text says which.",
  }),
};

export const PaymentStatus = z
  .object({
    transactionStatus: TransactionStatus,
    fundsAvailable: z.boolean().optional().meta({ description: "false when the payment was rejected for lack of funds (since 1.14.2)." }),
    ...rejectionFields,
  })
  .meta({ id: "PaymentStatus", description: "The payment status record (spec 2.7)." });
export type PaymentStatus = z.infer<typeof PaymentStatus>;

const resourceFields = {
  paymentId: z.string(),
  transactionStatus: TransactionStatus,
  fundsAvailable: z.boolean().optional(),
  ...rejectionFields,
  _links: Links.optional(),
};

export const SinglePayment = z
  .object({ ...SinglePaymentRequest.shape, ...resourceFields })
  .meta({ id: "SinglePayment", description: "A single payment as stored: its request and its status." });

export const PeriodicPayment = z
  .object({
    ...PeriodicPaymentRequest.shape,
    ...resourceFields,
    nextExecutionDates: z
      .array(calendarDate)
      .optional()
      .meta({ description: "Sandbox: the next dates this standing order will run, after weekends and bank holidays." }),
  })
  .meta({ id: "PeriodicPayment", description: "A periodic payment as stored: its request and its status." });

export const SigningBasketRequest = strictObject({
  paymentIds: uniqueList(z.string().min(1), MAX_BASKET_PAYMENTS, (id) => `Payment ${id} is listed twice.`).meta({
    description: `Payments to authorise together, at most ${String(MAX_BASKET_PAYMENTS)}; single payments only (a periodic payment gives REFERENCE_MIX_INVALID).`,
  }),
}).meta({ id: "SigningBasketRequest", description: "Payments to put into one signing basket." });

export const SigningBasketResponse = z
  .object({
    basketId: z.string(),
    transactionStatus: TransactionStatus,
    tppMessages: z.array(TppMessage).optional(),
    _links: Links.optional(),
  })
  .meta({ id: "SigningBasketResponse" });

export const SigningBasket = z
  .object({ basketId: z.string(), payments: z.array(z.string()), transactionStatus: TransactionStatus, _links: Links.optional() })
  .meta({ id: "SigningBasket" });

export const StatusResponse = z.object({ transactionStatus: TransactionStatus }).meta({ id: "StatusResponse" });
