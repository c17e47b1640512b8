/** Sandbox data (spec 2.5, 2.6, 4.3–4.5): accounts, balances, transactions, agreements. */
import { contradictingBban } from "./account-numbers";
import { maxFractionDigits } from "./amount";
import { BalanceType, balanceTypes, isoCashAccountTypes, type IsoCashAccountType } from "./codes";
import { Links, Link } from "./common-objects";
import { customerNumber, organisationNumber } from "./identifiers";
import { calendarDate, currencyCode, freeText, iban, nonEmptyFreeText, norwegianAccountNumber, uniqueList } from "./primitives";
import { strictObject } from "./strict-object";
import { shown } from "./issue-text";
import { whenPresent, z } from "./zod";

const cashAccountTypeCodes = Object.keys(isoCashAccountTypes) as [IsoCashAccountType, ...IsoCashAccountType[]];

export const CashAccountType = z
  .enum(cashAccountTypeCodes, {
    error: whenPresent((input) => `${shown(input)} is not an ISO 20022 cash account type. Use a code such as CACC (current), SVGS (savings) or LOAN.`),
  })
  .meta({ id: "CashAccountType" });

/**
 * Balances and credit lines are sums of bookings, so the int32 of one booking (decision 0005) does
 * not bound them; this does, so that they stay exact integers in minor units (at most 5 decimals:
 * 10^15 < 2^53) and print without an exponent (decision 0015).
 */
export const MAX_BALANCE_AMOUNT = 10_000_000_000;

/** A money amount given as a JSON number (spec 2.5 balances), its decimals limited by the currency. */
export const BalanceAmount = strictObject({
  amount: z
    .number()
    .min(-MAX_BALANCE_AMOUNT)
    .max(MAX_BALANCE_AMOUNT)
    .meta({ description: "The amount as a number; at most as many decimals as the currency's minor units; at most ten billion either way." }),
  currency: currencyCode,
})
  .superRefine((value, ctx) => {
    const decimals = (String(value.amount).split(".")[1] ?? "").length;
    const allowed = maxFractionDigits(value.currency);
    if (/e/i.test(String(value.amount)) || decimals > allowed)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: `${value.currency} allows ${String(allowed)} decimals (ISO 4217 minor units); ${String(value.amount)} has more.`,
      });
  })
  .meta({ id: "BalanceAmount" });

export const Balance = strictObject({
  balanceType: BalanceType.meta({ description: "Berlin Group balance type, such as interimAvailable or closingBooked." }),
  balanceAmount: BalanceAmount,
}).meta({ id: "Balance" });
export type Balance = z.infer<typeof Balance>;

/** One balance per balance type, so never more than there are types (decision 0015). */
const balances = z
  .array(Balance)
  .min(1)
  .max(balanceTypes.length)
  .meta({ description: `Balances of the account, one per balance type (at most ${String(balanceTypes.length)}).` });
const creditLine = z
  .number()
  .min(0)
  .max(MAX_BALANCE_AMOUNT)
  .meta({ description: "Credit line (overdraft limit) of the account; counts towards available funds. At most ten billion." });

export const SandboxAccountRequest = strictObject({
  customerNumber: customerNumber.meta({
    description:
      "Owner of the account: 11 digits for a private customer (national identity or D-number), 9 for a company (organisation number). Created on first use.",
  }),
  accountName: nonEmptyFreeText(70).meta({
    description: "Name of the account; up to 70 characters are kept, shown in full only with x-accept-fix: longer-name.",
  }),
  bban: norwegianAccountNumber.optional().meta({ description: "Norwegian account number (11 digits, MOD11). Omitted: the sandbox assigns one." }),
  iban: iban
    .refine((value) => value.startsWith("NO"), { error: "Sandbox accounts are Norwegian: the IBAN starts NO." })
    .optional()
    .meta({ description: "Norwegian IBAN; must match the bban. Omitted: derived from the bban." }),
  currency: currencyCode.meta({ description: "Currency code of the account." }),
  product: freeText(70).optional().meta({ description: "Product name." }),
  cashAccountType: CashAccountType.optional().meta({
    description: "ISO 20022 cash account type code (CACC, SVGS, …). Answers show the code with x-accept-fix: cash-account-type-iso, its name otherwise.",
  }),
  creditLine: creditLine.optional(),
  balances: balances.optional(),
  kidRequired: z.boolean().optional().meta({ description: "Sandbox: incoming payments to this account must carry a KID (else KID_MISSING)." }),
})
  .superRefine((value, ctx) => {
    const named = contradictingBban(value);
    if (named) ctx.addIssue({ code: "custom", path: ["iban"], message: `The iban names account ${named} but the bban is ${value.bban ?? ""}.` });
    value.balances?.forEach((balance, index) => {
      if (balance.balanceAmount.currency !== value.currency)
        ctx.addIssue({
          code: "custom",
          path: ["balances", index, "balanceAmount", "currency"],
          message: `The account is in ${value.currency}; its balances must be too.`,
        });
    });
  })
  .meta({ id: "SandboxAccountRequest", description: "A sandbox account to create (spec 2.5)." });
export type SandboxAccountRequest = z.infer<typeof SandboxAccountRequest>;

export const SandboxAccount = z
  .object({
    resourceId: z.string().meta({ description: "Identifier of the account: the mockAccountId of the sandbox paths." }),
    customerNumber: z.string(),
    accountName: z.string(),
    bban: z.string(),
    iban: z.string(),
    currency: currencyCode,
    product: z.string().optional(),
    cashAccountType: z.string().optional(),
    creditLine: z.number(),
    balances: z.array(Balance),
    kidRequired: z.boolean(),
    inAgreement: z.boolean().meta({ description: "Whether the account is in its owner's agreement (and so in the account list)." }),
    _links: Links.optional(),
  })
  .meta({ id: "SandboxAccount", description: "A sandbox account as stored." });
export type SandboxAccount = z.infer<typeof SandboxAccount>;

const TransactionAccount = z.object({ iban: z.string(), bban: z.string() }).meta({ id: "TransactionAccount", description: "Both identifiers of the account." });

/** Spec 2.6: every field required. Amounts are int32 in the currency's minor units (øre for NOK); debits are negative. */
export const SandboxTransaction = z
  .object({
    id: z.string(),
    amount: z.int32().meta({ description: "Signed amount in minor units of the currency (12550 = 125.50 NOK); negative for money leaving the account." }),
    currency: currencyCode,
    valueDate: calendarDate,
    bookingDate: calendarDate,
    remittanceInformationUnstructured: z.string(),
    creditorName: z.string(),
    creditorAccount: TransactionAccount,
    debtorName: z.string(),
    debtorAccount: TransactionAccount,
    bankTransactionCode: z.string().min(4).max(14).meta({ description: "ISO 20022 bank transaction code; 4 to 14 characters." }),
    ultimateDebtor: z.string(),
    ultimateCreditor: z.string(),
    purposeCode: z.string(),
    _links: z.object({ self: Link }),
  })
  .meta({ id: "SandboxTransaction", description: "A transaction of a sandbox account (spec 2.6)." });
export type SandboxTransaction = z.infer<typeof SandboxTransaction>;

const TransactionAccountRequest = strictObject({
  iban: iban.optional(),
  bban: norwegianAccountNumber.optional(),
})
  .refine((value) => value.iban !== undefined || value.bban !== undefined, {
    error: "Identify the account by its bban or iban.",
    path: ["bban"],
  })
  .meta({ anyOf: [{ required: ["bban"] }, { required: ["iban"] }] });

export const SandboxTransactionRequest = strictObject({
  amount: z.int32().positive().meta({ description: "Amount paid, in minor units of the currency (12550 = 125.50 NOK); booked as a debit on this account." }),
  currency: currencyCode,
  valueDate: calendarDate.optional().meta({ description: "Omitted: the sandbox date." }),
  bookingDate: calendarDate.optional().meta({ description: "Omitted: the sandbox date." }),
  remittanceInformationUnstructured: freeText(140).optional(),
  creditorName: freeText(70),
  creditorAccount: TransactionAccountRequest,
  debtorName: freeText(70).optional().meta({ description: "Omitted: the name of the customer who holds this account, as a payment from it names its debtor." }),
  debtorAccount: TransactionAccountRequest.meta({ description: "Must be this account (the mockAccountId of the path)." }),
  bankTransactionCode: freeText(14).min(4).optional().meta({ description: "4 to 14 characters. Omitted: PMNT-ICDT-DMCT." }),
  ultimateDebtor: freeText(70).optional(),
  ultimateCreditor: freeText(70).optional(),
  purposeCode: freeText(4).optional(),
}).meta({ id: "SandboxTransactionRequest", description: "A transaction to add to a sandbox account; this account pays." });
export type SandboxTransactionRequest = z.infer<typeof SandboxTransactionRequest>;

export const BalancesUpdate = strictObject({ balances, creditLine: creditLine.optional() }).meta({
  id: "BalancesUpdate",
  description: "New balances (and optionally credit line) of a sandbox account.",
});

/** Accounts added to an agreement by one request (decision 0015); more take another request. */
export const MAX_AGREEMENT_ACCOUNTS = 100;

export const AgreementRequest = strictObject({
  customerNumber: organisationNumber.meta({ description: "The company (organisation number) whose agreement gets the accounts." }),
  accountIds: uniqueList(z.string().min(1), MAX_AGREEMENT_ACCOUNTS, (id) => `Account ${id} is listed twice.`).meta({
    description: `resourceIds of the company's accounts to add, at most ${String(MAX_AGREEMENT_ACCOUNTS)} a request.`,
  }),
}).meta({ id: "AgreementRequest", description: "Accounts to add to a corporate customer's agreement." });

export const Agreement = z.object({ agreementId: z.string(), customerNumber: z.string(), accountIds: z.array(z.string()) }).meta({ id: "Agreement" });
export type Agreement = z.infer<typeof Agreement>;

export const InitializeResponse = z
  .object({ customers: z.int(), accounts: z.int(), transactions: z.int() })
  .meta({ id: "InitializeResponse", description: "What the fixed data set holds." });

export const ContactEmailRequest = strictObject({
  email: z.email().max(254).meta({ description: "Where the bank reaches the TPP's developers." }),
}).meta({ id: "ContactEmailRequest" });
export const ContactEmail = z.object({ email: z.string(), registeredAt: z.string() }).meta({ id: "ContactEmail" });
