/**
 * The fixed data set `initialize` loads (design, "Fixed data"): the same customers, accounts and
 * PSU-IDs every time, so documentation and tests can name them, with transactions over the 90 days
 * before the sandbox's today. Identity numbers are synthetic (Tenor style: month + 80).
 */
import { DEFAULT_PSU_ID } from "../../src/contract/default-psu";
import { formatDate, parseDate } from "../../src/contract/calendar-date";
import type { AccountRecord, AgreementRecord, CustomerRecord, TransactionRecord } from "../store/records";
import { norwegianIban } from "../../src/contract/account-numbers";
import { firstAccountNumbers } from "./accounts";
import { ISSUED_TRANSFER, RECEIVED_TRANSFER } from "./bookings";

interface FixedAccount {
  name: string;
  owner: string;
  balance: number;
  creditLine?: number;
  product: string;
  cashAccountType: "CACC" | "SVGS";
  inAgreement: boolean;
  kidRequired?: boolean;
  history: boolean;
}

export const fixedCustomers = [
  { customerNumber: "01817010055", name: "Kari Nordmann", psuId: DEFAULT_PSU_ID },
  { customerNumber: "05827510086", name: "Ola Nordmann", psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a22" },
  { customerNumber: "12048010189", name: "Ingrid Berg", psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a23" },
  { customerNumber: "999990010", name: "Fjordline Testbedrift AS", psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a31" },
  { customerNumber: "999990029", name: "Nordlys Energi Test AS", psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a32" },
] as const;

const fixedAccounts: FixedAccount[] = [
  { name: "Brukskonto", owner: "01817010055", balance: 25_430.5, product: "Brukskonto", cashAccountType: "CACC", inAgreement: true, history: true },
  { name: "Sparekonto", owner: "01817010055", balance: 150_000, product: "Høyrentekonto", cashAccountType: "SVGS", inAgreement: true, history: false },
  {
    name: "Brukskonto",
    owner: "05827510086",
    balance: 1_200,
    creditLine: 5_000,
    product: "Brukskonto",
    cashAccountType: "CACC",
    inAgreement: true,
    history: true,
  },
  { name: "Lønnskonto", owner: "12048010189", balance: 48_250.75, product: "Brukskonto", cashAccountType: "CACC", inAgreement: true, history: true },
  { name: "Driftskonto", owner: "999990010", balance: 2_500_000, product: "Bedriftskonto", cashAccountType: "CACC", inAgreement: true, history: true },
  { name: "Skattetrekkskonto", owner: "999990010", balance: 310_000, product: "Skattetrekk", cashAccountType: "CACC", inAgreement: false, history: false },
  {
    name: "Innbetalinger KID",
    owner: "999990029",
    balance: 890_000,
    product: "Bedriftskonto",
    cashAccountType: "CACC",
    inAgreement: true,
    kidRequired: true,
    history: false,
  },
];

/** A small deterministic generator (mulberry32): the same history every time. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const merchants = [
  ["REMA 1000", "Matvarer"],
  ["Vinmonopolet", "Varekjøp"],
  ["Ruter AS", "Månedsbillett"],
  ["Telenor Norge AS", "Mobilabonnement"],
  ["Oslo kommune", "Kommunale avgifter"],
  ["Elkjøp Norge", "Varekjøp"],
] as const;

export interface FixedData {
  customers: CustomerRecord[];
  accounts: AccountRecord[];
  agreements: AgreementRecord[];
  transactions: TransactionRecord[];
}

export function fixedData(today: string, now: number): FixedData {
  const customers: CustomerRecord[] = fixedCustomers.map((customer) => ({
    ...customer,
    kind: customer.customerNumber.length === 9 ? "corporate" : "private",
    createdAt: now,
  }));
  const numbers = firstAccountNumbers(fixedAccounts.length);
  const accounts: AccountRecord[] = fixedAccounts.map((fixed, index) => {
    const bban = numbers[index] ?? "";
    return {
      resourceId: `acc-${String(index + 1).padStart(3, "0")}`,
      customerNumber: fixed.owner,
      accountName: fixed.name,
      bban,
      iban: norwegianIban(bban),
      currency: "NOK",
      product: fixed.product,
      cashAccountType: fixed.cashAccountType,
      creditLine: fixed.creditLine ?? 0,
      balances: [
        { balanceType: "interimAvailable", balanceAmount: { amount: fixed.balance, currency: "NOK" } },
        { balanceType: "closingBooked", balanceAmount: { amount: fixed.balance, currency: "NOK" } },
      ],
      kidRequired: fixed.kidRequired ?? false,
      inAgreement: fixed.inAgreement,
      transactionCount: 0,
      createdAt: now,
    };
  });
  const agreements: AgreementRecord[] = customers.map((customer, index) => ({
    agreementId: `agr-${String(index + 1).padStart(3, "0")}`,
    customerNumber: customer.customerNumber,
    accountIds: accounts.filter((account) => account.customerNumber === customer.customerNumber && account.inAgreement).map((account) => account.resourceId),
  }));
  const transactions: TransactionRecord[] = [];
  const end = parseDate(today);
  let seq = 0;
  accounts.forEach((account, index) => {
    if (!fixedAccounts[index]?.history) return;
    // The holder is named as a payment from the account names its debtor: the customer, never the account (one name each).
    const holder = customers.find((customer) => customer.customerNumber === account.customerNumber)?.name ?? account.accountName;
    const next = random(index + 1);
    for (let day = end - 89; day <= end; day++) {
      const date = formatDate(day);
      const dayOfMonth = Number(date.slice(8));
      const entries: [number, string, string, string][] = [];
      if (dayOfMonth === 12) entries.push([4_250_000, "Arbeidsgiver AS", "Lønn", RECEIVED_TRANSFER]);
      if (next() < 0.45) {
        const [merchant, text] = merchants[Math.floor(next() * merchants.length)] ?? merchants[0];
        entries.push([-Math.round(5_000 + next() * 120_000), merchant, text, ISSUED_TRANSFER]);
      }
      for (const [amount, counterpart, text, code] of entries) {
        const incoming = amount > 0;
        const other = { bban: "86011117947", iban: "NO9386011117947" };
        const own = { bban: account.bban, iban: account.iban };
        transactions.push({
          id: `${account.resourceId}-tx-${String(seq).padStart(5, "0")}`,
          accountId: account.resourceId,
          seq: seq++,
          amount,
          currency: "NOK",
          valueDate: date,
          bookingDate: date,
          remittanceInformationUnstructured: text,
          creditorName: incoming ? holder : counterpart,
          creditorAccount: incoming ? own : other,
          debtorName: incoming ? counterpart : holder,
          debtorAccount: incoming ? other : own,
          bankTransactionCode: code,
          ultimateDebtor: "",
          ultimateCreditor: "",
          purposeCode: incoming ? "SALA" : "",
        });
      }
    }
    account.transactionCount = transactions.filter((transaction) => transaction.accountId === account.resourceId).length;
  });
  return { customers, accounts, agreements, transactions };
}
