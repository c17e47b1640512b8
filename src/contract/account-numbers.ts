/**
 * Norwegian account numbers and IBANs (reference/domain-facts.md): a Norwegian IBAN is NO, two
 * check digits and the 11-digit account number (the bban). Another country's IBAN carries its own
 * BBAN, which is no Norwegian account number, so it names no bban here. The one place of this
 * rule for the contract's checks, the sandbox and the portal.
 */
import { composeIBAN } from "ibantools";

export interface AccountNumbers {
  bban?: string | undefined;
  iban?: string | undefined;
}

/** 12345678903 → NO9312345678903 (check digits computed). */
export const norwegianIban = (bban: string): string => composeIBAN({ countryCode: "NO", bban }) ?? `NO00${bban}`;

/** The Norwegian account number a Norwegian IBAN carries after its check digits; undefined for another country's. */
export const bbanOfIban = (iban: string): string | undefined => (iban.startsWith("NO") ? iban.slice(4) : undefined);

/** The Norwegian account number a reference names: its bban, else the one its Norwegian IBAN carries. */
export const bbanOf = (reference: AccountNumbers): string | undefined =>
  reference.bban ?? (reference.iban === undefined ? undefined : bbanOfIban(reference.iban));

/** The account number a Norwegian IBAN names when it is not the bban beside it; undefined when they agree or cannot be compared. */
export function contradictingBban(reference: AccountNumbers): string | undefined {
  if (!reference.bban || !reference.iban) return undefined;
  const named = bbanOfIban(reference.iban);
  return named !== undefined && named !== reference.bban ? named : undefined;
}

/** 12345678903 → 1234.56.78903, the way Norwegian account numbers are written; anything else as it is. */
export const formatBban = (bban: string) => (/^\d{11}$/.test(bban) ? `${bban.slice(0, 4)}.${bban.slice(4, 6)}.${bban.slice(6)}` : bban);
