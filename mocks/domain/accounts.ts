/** Sandbox accounts: numbering, creation, and how answers show them under x-accept-fix. */
import { norwegianIban } from "../../src/contract/account-numbers";
import type { AcceptFix } from "../../src/contract/codes";
import { firstCharacters } from "../../src/contract/characters";
import { isoCashAccountTypes } from "../../src/contract/codes";
import { withMod11Check } from "../../src/contract/norwegian-numbers";
import type { SandboxAccount, SandboxAccountRequest } from "../../src/contract/sandbox";
import type { AccountRecord } from "../store/records";
import { defaultBalances } from "./balances";

/** The registration number of this sandbox's own bank in the account numbers it assigns. */
export const SANDBOX_BANK = "9710";
const SHORT_NAME_LENGTH = 35;

/**
 * The account number with serial `serial` in the sandbox bank (9710): a valid MOD11 number, or
 * undefined for the one serial in eleven whose check digit would be 10 (never issued).
 */
export function sandboxAccountNumber(serial: number): string | undefined {
  return withMod11Check(`${SANDBOX_BANK}${String(serial % 1_000_000).padStart(6, "0")}`);
}

/**
 * The serials an account created in a sandbox gets (decision 0058): the page's sandbox and a server issue from ranges
 * apart, so an account number never names one customer's account in the browser and another's on a server (a TPP that
 * sends to the wrong sandbox gets "unknown account", not another customer's). The fixed data is the same everywhere
 * (serials from 1, the same customers), so both ranges start past it.
 */
export const ACCOUNT_SERIALS = { browser: { first: 1, last: 499_999 }, server: { first: 500_000, last: 999_999 } } as const;
export type AccountSerials = (typeof ACCOUNT_SERIALS)[keyof typeof ACCOUNT_SERIALS];

/** The first `count` account numbers the sandbox bank issues, in order. */
export function firstAccountNumbers(count: number): string[] {
  const numbers: string[] = [];
  for (let serial = 1; numbers.length < count; serial++) {
    const bban = sandboxAccountNumber(serial);
    if (bban) numbers.push(bban);
  }
  return numbers;
}

export function newAccount(request: SandboxAccountRequest, ids: { resourceId: string; bban: string }, createdAt: number, inAgreement: boolean): AccountRecord {
  return {
    resourceId: ids.resourceId,
    customerNumber: request.customerNumber,
    accountName: request.accountName,
    bban: ids.bban,
    iban: request.iban ?? norwegianIban(ids.bban),
    currency: request.currency,
    ...(request.product === undefined ? {} : { product: request.product }),
    cashAccountType: request.cashAccountType ?? "CACC",
    creditLine: request.creditLine ?? 0,
    balances: request.balances ?? defaultBalances(request.currency),
    kidRequired: request.kidRequired ?? false,
    inAgreement,
    transactionCount: 0,
    createdAt,
  };
}

/** The account as the interface shows it: ISO codes and long names only for TPPs that opted in (spec 9). */
export function presentAccount(record: AccountRecord, fixes: ReadonlySet<string>, sandboxBase = ""): SandboxAccount {
  const isoTypes = fixes.has("cash-account-type-iso" satisfies AcceptFix);
  const longNames = fixes.has("longer-name" satisfies AcceptFix);
  // Stored codes come from the contract's enum; an imported file may hold anything, so look it up safely.
  const type = record.cashAccountType;
  const typeName = type === undefined ? undefined : (isoCashAccountTypes as Record<string, string | undefined>)[type];
  const { transactionCount: _count, createdAt: _created, ...fields } = record;
  const base = `${sandboxBase}/v1/sandbox/accounts/${record.resourceId}`;
  return {
    ...fields,
    accountName: longNames ? record.accountName : firstCharacters(record.accountName, SHORT_NAME_LENGTH),
    ...(type === undefined ? {} : { cashAccountType: isoTypes ? type : (typeName ?? type) }),
    _links: {
      transactions: { href: `${base}/transactions`, verbs: ["GET", "POST"] },
      balances: { href: `${base}/balances`, verbs: ["PUT"] },
    },
  };
}

/** Whether an account reference (bban and/or iban) names this account. */
export function namesAccount(reference: { bban?: string | undefined; iban?: string | undefined }, account: Pick<AccountRecord, "bban" | "iban">): boolean {
  if (reference.bban !== undefined && reference.bban !== account.bban) return false;
  if (reference.iban !== undefined && reference.iban !== account.iban) return false;
  return reference.bban !== undefined || reference.iban !== undefined;
}
