// The contract's lifecycle table (drawn as the portal's diagram) against the rules the sandbox runs:
// every move the bank makes on its own is in the table, and the table claims no bank move the code never makes.
// Forced moves come from scenarios and are not checked here.
import { describe, expect, test } from "vitest";
import { CANCELLABLE_STATUSES, transactionStatuses, type TransactionStatus } from "../../src/contract/codes";
import { paymentTransitions } from "../../src/contract/payment-lifecycle";
import { DUE_STATUSES, type AccountRecord, type SinglePaymentRecord } from "../store/records";
import { cancellationRefusal } from "./lifecycle";
import { decidePayment } from "./sca";
import { expiredIfDue } from "./sca-expiry";
import { settle } from "./settlement";

const TODAY = "2026-11-20";
const RUN = { at: 1_800_000_000_000, date: "2026-11-27", label: "2026-11-27 06:00" };

const payment = (status: TransactionStatus, executionDate = TODAY): SinglePaymentRecord => ({
  paymentId: "p1",
  product: "single",
  transactionStatus: status,
  psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
  customerNumber: "01817010055",
  redirectUri: "https://tpp.example/cb",
  debtorAccountId: "acc-d",
  statusHistory: [{ status, at: 1 }],
  createdAt: 1,
  executionDate,
  request: {
    instructedAmount: { amount: "250.00", currency: "NOK" },
    creditorName: "Ola Nordmann",
    creditorAccount: { bban: "86011117947", currency: "NOK" },
    debtorAccount: { bban: "12345678903", currency: "NOK" },
  },
});

const account = (available: number): AccountRecord => ({
  resourceId: "acc-d",
  customerNumber: "01817010055",
  accountName: "Brukskonto",
  bban: "12345678903",
  iban: "NO9312345678903",
  currency: "NOK",
  creditLine: 0,
  kidRequired: false,
  inAgreement: true,
  transactionCount: 0,
  createdAt: 1,
  balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: available, currency: "NOK" } }],
});

const pair = (from: TransactionStatus | null, to: TransactionStatus) => `${from ?? "(none)"}→${to}`;

/** The moves the domain functions make, each found by running them. */
function domainMoves(): Set<string> {
  const moves = new Set<string>([pair(null, "RCVD")]);
  const decided = (executionDate: string, decision: "approve" | "decline") => {
    const result = decidePayment(payment("RCVD", executionDate), decision, 5, TODAY);
    if (!result.ok) throw new Error("refused");
    return result.value.transactionStatus;
  };
  moves.add(pair("RCVD", decided(TODAY, "approve")));
  moves.add(pair("RCVD", decided("2026-11-27", "approve")));
  moves.add(pair("RCVD", decided(TODAY, "decline")));
  moves.add(pair("RCVD", expiredIfDue(payment("RCVD"), 60 * 60_000, 10).transactionStatus));
  for (const status of DUE_STATUSES) {
    for (const funds of [10_000, 1]) moves.add(pair(status, settle(payment(status), account(funds), undefined, RUN, () => "t").payment.transactionStatus));
  }
  for (const status of transactionStatuses) if (cancellationRefusal(status) === undefined) moves.add(pair(status, "CANC"));
  return moves;
}

describe("the payment lifecycle table", () => {
  test("its bank transitions are exactly the moves the sandbox's rules make", () => {
    const table = new Set(paymentTransitions.filter((transition) => transition.kind === "bank").map((transition) => pair(transition.from, transition.to)));
    expect([...table].sort()).toEqual([...domainMoves()].sort());
  });

  test("DELETE is drawn from exactly the cancellable statuses", () => {
    const fromDelete = paymentTransitions.filter((transition) => transition.to === "CANC").map((transition) => transition.from);
    expect(fromDelete.sort()).toEqual([...CANCELLABLE_STATUSES].sort());
  });

  test("nothing leaves a final status", () => {
    expect(paymentTransitions.filter((transition) => transition.from === "ACSC" || transition.from === "RJCT" || transition.from === "CANC")).toEqual([]);
  });
});
