/**
 * The server's store (SQLite through Kysely) measured: write latency (one committed write that
 * books a transaction and updates its account, as the batch does) at 1,000 and at 100,000
 * transactions, for each durability level; and 200-row pages of a 100,000-transaction account at
 * offsets 0 / 50,000 / 99,800 and by keyset cursor. Not part of the test run:
 *   npx tsx scripts/bench-store.ts
 * Uses a database file in the OS's temporary directory, deleted afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SandboxExport, TransactionKey } from "../mocks/store/port";
import type { AccountRecord, TransactionRecord } from "../mocks/store/records";
import type { Durability } from "../mocks/store/sqlite/sqlite";
import { openSqliteStore, type SqliteSandboxStore } from "../mocks/store/sqlite/sqlite-store";

const ACCOUNT = "acc-bench";
const WRITES = 300;
const PAGE_RUNS = 30;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;
const ms = (value: number) => `${value.toFixed(2)} ms`;

const account: AccountRecord = {
  resourceId: ACCOUNT,
  customerNumber: "01011990001",
  accountName: "Bench",
  bban: "12345678903",
  iban: "NO9312345678903",
  currency: "NOK",
  creditLine: 0,
  balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 1000, currency: "NOK" } }],
  kidRequired: false,
  inAgreement: true,
  transactionCount: 0,
  createdAt: 1_700_000_000_000,
};

const dayOf = (days: number) => new Date(Date.UTC(2020, 0, 1 + days)).toISOString().slice(0, 10);

function booking(id: string, bookingDate: string): Omit<TransactionRecord, "seq"> {
  return {
    id,
    amount: -12550,
    currency: "NOK",
    valueDate: bookingDate,
    bookingDate,
    remittanceInformationUnstructured: `Payment ${id}`,
    creditorName: "Kari Nordmann",
    creditorAccount: { iban: "NO9386011117947", bban: "86011117947" },
    debtorName: "Ola Nordmann",
    debtorAccount: { iban: "NO9312345678903", bban: "12345678903" },
    bankTransactionCode: "PMNT-ICDT-DMCT",
    ultimateDebtor: "",
    ultimateCreditor: "",
    purposeCode: "OTHR",
    accountId: ACCOUNT,
  };
}

/** `count` transactions over ~3 years, 100 a day. */
function stores(count: number): SandboxExport["stores"] {
  const transactions = Array.from({ length: count }, (_, seq): TransactionRecord => ({ ...booking(`t${String(seq)}`, dayOf(Math.floor(seq / 100))), seq }));
  return {
    customers: [],
    accounts: [{ ...account, transactionCount: count }],
    agreements: [],
    payments: [],
    baskets: [],
    transactions,
    meta: [{ key: "nextSeq", value: count }],
  };
}

async function writeLatency(store: SqliteSandboxStore, from: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const start = performance.now();
    await store.write(async (tx) => {
      const current = await tx.account(ACCOUNT);
      await tx.addTransaction(booking(`w${String(from + i)}`, dayOf(2000)));
      if (current) await tx.putAccount({ ...current, transactionCount: current.transactionCount + 1 });
    });
    times.push(performance.now() - start);
  }
  return times;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < PAGE_RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function measure(durability: Durability, directory: string) {
  const file = join(directory, `bench-${durability}.db`);
  const store = await openSqliteStore({ file, durability });
  const lines: string[] = [`durability ${durability.toUpperCase()} (WAL)`];
  for (const size of [1_000, 100_000]) {
    const start = performance.now();
    await store.restore(stores(size));
    const restored = performance.now() - start;
    const times = await writeLatency(store, size);
    lines.push(
      `  ${String(size).padStart(7)} transactions: restore ${ms(restored)}; write median ${ms(median(times))}, p95 ${ms(p95(times))} (${String(WRITES)} writes)`,
    );
  }
  store.close();
  await store.closed();
  return { lines, file };
}

async function pages(file: string) {
  const store = await openSqliteStore({ file });
  await store.restore(stores(100_000));
  const page = (query: { offset?: number; after?: TransactionKey; before?: TransactionKey }) =>
    store.read((tx) => tx.transactionPage({ accountId: ACCOUNT, limit: 200, ...query }));
  const middle = (await page({ offset: 50_000 })).items[0];
  if (!middle) throw new Error("no middle item");
  const key = { bookingDate: middle.bookingDate, seq: middle.seq };
  const lines = ["200-row pages of a 100,000-transaction account (median of 30)"];
  for (const offset of [0, 50_000, 99_800]) lines.push(`  offset ${String(offset).padStart(6)}: ${ms(await timed(() => page({ offset })))}`);
  lines.push(`  after a key in the middle:  ${ms(await timed(() => page({ after: key })))}`);
  lines.push(`  before a key in the middle: ${ms(await timed(() => page({ before: key })))}`);
  lines.push(`  the last page (before=end): ${ms(await timed(() => page({ before: { bookingDate: "", seq: 0 } })))}`);
  lines.push(`  count of the account:       ${ms(await timed(() => store.read((tx) => tx.transactionCount(ACCOUNT))))}`);
  store.close();
  await store.closed();
  return lines;
}

const directory = mkdtempSync(join(tmpdir(), "bench-store-"));
try {
  const normal = await measure("normal", directory);
  const full = await measure("full", directory);
  const pageLines = await pages(normal.file);
  console.log([...normal.lines, ...full.lines, ...pageLines].join("\n"));
} finally {
  rmSync(directory, { recursive: true, force: true });
}
