/**
 * What one heavy request costs everyone else on a running standalone sandbox: while it is sent, a
 * prober keeps one cheap GET /__sandbox/clock in flight and records how long each took. The figure
 * that matters is the prober's worst latency (how long others waited), beside the heavy request's
 * own time, status and answer size. docs/standalone-server.md lists the results.
 *
 *   npx tsx mocks/server.ts --port 4121 &        # the fixed data set (the default)
 *   npx tsx scripts/edge-costs.ts http://127.0.0.1:4121 [case …]
 */
import { generateTestCertificate, signRequest } from "../src/signing/index";

const BASE = process.argv[2] ?? "http://127.0.0.1:4010";
const only = process.argv.slice(3);
const certificate = await generateTestCertificate({ tppName: "Edge costs" });

interface Heavy {
  method: string;
  path: string;
  body: string;
  headers: Record<string, string>;
}

const json = (method: string, path: string, value: unknown): Heavy => ({
  method,
  path,
  body: JSON.stringify(value),
  headers: { "Content-Type": "application/json" },
});

async function signed(heavy: Heavy, extra: Record<string, string>): Promise<Heavy> {
  const headers = { ...heavy.headers, "X-Request-ID": crypto.randomUUID(), ...extra };
  const signature = await signRequest(
    { method: heavy.method, url: heavy.path, headers, body: heavy.body },
    { privateKey: certificate.privateKey, certificate: certificate.certificatePem },
  );
  return { ...heavy, headers: { ...headers, ...signature.headers } };
}

const initiation = {
  "PSU-ID": "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
  "TPP-Redirect-URI": "https://tpp.example/callback",
  "TPP-Session-ID": "edge-costs",
  "PSU-IP-Address": "192.0.2.10",
};

/** Distinct short ids: 150,000 fit in just under 1 MiB. */
const manyIds = (count: number) => Array.from({ length: count }, (_, index) => index.toString(36));

const periodic = (months: number[]) => ({
  instructedAmount: { amount: "1.00", currency: "NOK" },
  creditorName: "Ola",
  creditorAccount: { bban: "86011117947", currency: "NOK" },
  debtorAccount: { bban: "86011117947", currency: "NOK" },
  startDate: "2030-01-01",
  frequency: "MonthlyVariable",
  monthsOfExecution: months,
});

function unknownKeys(bytes: number): Record<string, number> {
  const body: Record<string, number> = {};
  for (let index = 0, size = 2; size < bytes - 20; index++) {
    const key = `k${index.toString(36)}`;
    body[key] = 1;
    size += key.length + 5;
  }
  return body;
}

interface Exported {
  stores: Record<string, Record<string, unknown>[]> & {
    transactions: { accountId: string; seq: number }[];
    accounts: { resourceId: string; transactionCount: number }[];
    meta: { key: string; value: unknown }[];
  };
}
const exported = async () => (await (await fetch(`${BASE}/__sandbox/export`)).json()) as Exported;

/** The current sandbox, padded with transactions of one account to about `mib` MiB. */
async function bigImport(mib: number) {
  const data = await exported();
  const template = data.stores.transactions[0];
  if (!template) throw new Error("The sandbox has no transactions to copy: start it with the fixed data.");
  const account = data.stores.accounts.find((a) => a.resourceId === template.accountId);
  const others = data.stores.transactions.filter((t) => t.accountId !== template.accountId);
  const seqStart = 1 + Math.max(...data.stores.transactions.map((t) => t.seq));
  const count = Math.floor((mib * 1024 * 1024 - JSON.stringify(data).length) / (JSON.stringify(template).length + 1));
  const transactions = [...others];
  for (let index = 0; index < count; index++) transactions.push({ ...template, id: `tx-${String(index)}`, seq: seqStart + index } as typeof template);
  if (account) account.transactionCount = count;
  return { ...data, stores: { ...data.stores, transactions, meta: data.stores.meta.filter((m) => m.key !== "nextSeq") } };
}

const cases: Record<string, () => Promise<Heavy>> = {
  "basket-150k-ids": () => Promise.resolve(json("POST", "/v1/signing-baskets", { paymentIds: manyIds(150_000) })),
  "basket-150k-signed": async () => signed(json("POST", "/v1/signing-baskets", { paymentIds: manyIds(150_000) }), initiation),
  "months-130k": async () =>
    signed(json("POST", "/v1/periodic-payments/norwegian-domestic-credit-transfers", periodic(Array<number>(130_000).fill(1))), {
      ...initiation,
      "x-accept-fix": "longer-name",
    }),
  "unknown-keys-1mb": async () => signed(json("POST", "/v1/payments/norwegian-domestic-credit-transfers", unknownKeys(1_000_000)), initiation),
  "import-64mib": async () => json("POST", "/__sandbox/import", await bigImport(63.9)),
  "import-clock-9e15": async () => {
    const data = await exported();
    data.stores.meta = [...data.stores.meta.filter((m) => m.key !== "clockOffsetMs"), { key: "clockOffsetMs", value: 9e15 }];
    return json("POST", "/__sandbox/import", data);
  },
};

async function probe(until: { done: boolean }) {
  const latencies: number[] = [];
  let failures = 0;
  while (!until.done) {
    const started = performance.now();
    try {
      await (await fetch(`${BASE}/__sandbox/clock`)).arrayBuffer();
      latencies.push(performance.now() - started);
    } catch {
      failures++;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

// Cases in the order given (a name given twice runs twice: the second run is without warm-up).
for (const name of only.length > 0 ? only : Object.keys(cases)) {
  const make = cases[name];
  if (!make) throw new Error(`No case ${name}; the cases are ${Object.keys(cases).join(", ")}.`);
  const heavy = await make();
  const until = { done: false };
  const prober = probe(until);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  const response = await fetch(BASE + heavy.path, { method: heavy.method, headers: heavy.headers, body: heavy.body });
  const answer = await response.text();
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 50));
  until.done = true;
  const { latencies, failures } = await prober;
  const code = /"code":"(\w+)"/.exec(answer)?.[1] ?? "";
  const messages = answer.split('"category"').length - 1;
  console.log(
    `${name.padEnd(19)} body ${(heavy.body.length / 1048576).toFixed(2)} MiB → ${String(response.status)} ${code} (${String(messages)} tppMessages, ${(answer.length / 1024).toFixed(1)} KiB) in ${took.toFixed(0)} ms;` +
      ` probe GETs ${String(latencies.length)}${failures > 0 ? ` (${String(failures)} failed)` : ""}, median ${latencies[Math.floor(latencies.length / 2)]?.toFixed(1) ?? "-"} ms, max ${latencies.at(-1)?.toFixed(1) ?? "-"} ms`,
  );
}
