import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { SandboxTransaction } from "../../src/contract/sandbox";
import { ORIGIN, testClient, type TestClient, type ListedAccount } from "../test-helpers";

interface Transaction {
  id: string;
  amount: number;
  bookingDate: string;
  bankTransactionCode: string;
  remittanceInformationUnstructured: string;
  _links: { self: { href: string } };
}

const listed = async (client: TestClient) => (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
const named = (accounts: ListedAccount[], name: string) => {
  const found = accounts.find((a) => a.accountName === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};
const available = (account: ListedAccount) => account.balances.find((b) => b.balanceType === "interimAvailable")?.balanceAmount.amount;
const transactionsOf = (id: string) => `/v1/sandbox/accounts/${id}/transactions`;
/** rel → path and query of an RFC 8288 Link header's URL, as sent. */
function links(header: string | null): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of (header ?? "").split(/,\s*(?=<)/)) {
    const match = /^<([^>]+)>;\s*rel="(\w+)"$/.exec(part.trim());
    if (match?.[1] && match[2]) result[match[2]] = match[1].slice(ORIGIN.length);
  }
  return result;
}

describe("creating and reading sandbox transactions", () => {
  let client: TestClient;
  let accounts: ListedAccount[];
  beforeEach(async () => {
    client = await testClient();
    await client.send("POST", "/v1/sandbox/initialize");
    accounts = await listed(client);
  });

  test("a debit on this account and a credit on the sandbox creditor; the details read back", async () => {
    const kari = named(accounts, "Lønnskonto");
    const ola = accounts.find((a) => a.customerNumber === "05827510086")!;
    const response = await client.send("POST", transactionsOf(kari.resourceId), {
      body: {
        amount: 12_550,
        currency: "NOK",
        creditorName: "Ola",
        creditorAccount: { iban: ola.iban },
        debtorAccount: { bban: kari.bban },
        remittanceInformationUnstructured: "Lån",
      },
    });
    expect(response.status).toBe(201);
    const debit = SandboxTransaction.parse(await response.json());
    expect(debit).toMatchObject({ amount: -12_550, bankTransactionCode: "PMNT-ICDT-DMCT", creditorAccount: { bban: ola.bban, iban: ola.iban } });
    expect(debit._links.self.href).toBe(`${ORIGIN}${transactionsOf(kari.resourceId)}/${debit.id}`);

    const after = await listed(client);
    expect(available(named(after, "Lønnskonto"))).toBeCloseTo((available(kari) ?? 0) - 125.5, 2);
    expect(available(after.find((a) => a.resourceId === ola.resourceId)!)).toBeCloseTo((available(ola) ?? 0) + 125.5, 2);
    const [credit] = (await (await client.send("GET", `${transactionsOf(ola.resourceId)}?limit=1`)).json()) as Transaction[];
    expect(credit).toMatchObject({ amount: 12_550, bankTransactionCode: "PMNT-RCDT-DMCT", remittanceInformationUnstructured: "Lån" });

    const details = await client.send("GET", debit._links.self.href.slice(ORIGIN.length));
    expect(details.status).toBe(200);
    expect(await details.json()).toEqual(debit);
  });

  test("an external creditor: only the debit", async () => {
    const kari = named(accounts, "Lønnskonto");
    const before = (await client.sandbox.env.store.exportAll()).stores.transactions.length;
    const response = await client.send("POST", transactionsOf(kari.resourceId), {
      body: { amount: 100, currency: "NOK", creditorName: "Ekstern", creditorAccount: { bban: "86011117947" }, debtorAccount: { iban: kari.iban } },
    });
    expect(response.status).toBe(201);
    expect((await client.sandbox.env.store.exportAll()).stores.transactions.length).toBe(before + 1);
  });

  test("refusals: another currency (400), itself as creditor (400), unknown account (404); nothing changes", async () => {
    const kari = named(accounts, "Lønnskonto");
    const before = (await client.sandbox.env.store.exportAll()).stores;
    const send = (id: string, body: Record<string, unknown>) =>
      client.send("POST", transactionsOf(id), {
        body: { amount: 100, currency: "NOK", creditorName: "X", creditorAccount: { bban: "86011117947" }, debtorAccount: { bban: kari.bban }, ...body },
      });
    const currency = await send(kari.resourceId, { currency: "EUR" });
    expect(await currency.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "BAD_REQUEST", path: "currency" })] });
    const itself = await send(kari.resourceId, { creditorAccount: { bban: kari.bban } });
    expect(await itself.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "BAD_REQUEST", path: "creditorAccount" })] });
    const unknown = await send("nope", {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "RESOURCE_UNKNOWN", path: "mockAccountId" })] });
    const negative = await send(kari.resourceId, { amount: -5 });
    expect(await negative.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path: "amount" })] });
    expect((await client.sandbox.env.store.exportAll()).stores).toEqual(before);
  });

  test("details: an unknown transaction is 404 at transactionId; another account's is unknown here", async () => {
    const kari = named(accounts, "Lønnskonto");
    const unknown = await client.send("GET", `${transactionsOf(kari.resourceId)}/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "RESOURCE_UNKNOWN", path: "transactionId" })] });
    const [theirs] = (await (await client.send("GET", `${transactionsOf(named(accounts, "Driftskonto").resourceId)}?limit=1`)).json()) as Transaction[];
    expect((await client.send("GET", `${transactionsOf(kari.resourceId)}/${theirs!.id}`)).status).toBe(404);
    expect((await client.send("GET", `${transactionsOf("nope")}/${theirs!.id}`)).status).toBe(404);
  });
});

describe("GET .../transactions: filters and pages", () => {
  let client: TestClient;
  let account: ListedAccount;
  /** The transactions created through the API, newest first (bookingDate desc, then creation order desc). */
  let expected: string[];

  beforeAll(async () => {
    client = await testClient();
    await client.send("POST", "/v1/sandbox/initialize");
    const created = await client.send("POST", "/v1/sandbox/accounts", { body: { customerNumber: "15829010019", accountName: "Mange", currency: "NOK" } });
    account = (await created.json()) as ListedAccount;
    const made: { id: string; bookingDate: string; order: number }[] = [];
    for (let i = 0; i < 450; i++) {
      const bookingDate = `2026-${String(1 + (i % 9)).padStart(2, "0")}-${String(1 + ((i * 7) % 28)).padStart(2, "0")}`;
      const response = await client.send("POST", transactionsOf(account.resourceId), {
        body: {
          amount: 100 + i,
          currency: "NOK",
          creditorName: `Mottaker ${String(i)}`,
          creditorAccount: { bban: "86011117947" },
          debtorAccount: { bban: account.bban },
          bookingDate,
        },
      });
      made.push({ id: ((await response.json()) as Transaction).id, bookingDate, order: i });
    }
    expected = made.sort((a, b) => b.bookingDate.localeCompare(a.bookingDate) || b.order - a.order).map((t) => t.id);
  }, 60_000);

  async function page(path: string) {
    const response = await client.send("GET", path);
    expect(response.status, path).toBe(200);
    return { items: (await response.json()) as Transaction[], links: links(response.headers.get("Link")), total: response.headers.get("X-Total-Count") };
  }

  test("without parameters: the newest 200, and a Link header", async () => {
    const first = await page(transactionsOf(account.resourceId));
    expect(first.items.map((t) => t.id)).toEqual(expected.slice(0, 200));
    expect(first.total).toBe("450");
    expect(Object.keys(first.links)).toEqual(["first", "next", "last"]);
  });

  test("following next as given visits every transaction once, newest first; prev walks back the same pages", async () => {
    const seen: string[] = [];
    const pages: string[][] = [];
    let current = await page(`${transactionsOf(account.resourceId)}?limit=100`);
    for (;;) {
      pages.push(current.items.map((t) => t.id));
      seen.push(...current.items.map((t) => t.id));
      if (!current.links.next) break;
      current = await page(current.links.next);
    }
    expect(seen).toEqual(expected);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 100, 100, 50]);
    expect(current.links.prev).toBeDefined();

    const back: string[][] = [current.items.map((t) => t.id)];
    while (current.links.prev) {
      current = await page(current.links.prev);
      back.unshift(current.items.map((t) => t.id));
    }
    expect(back).toEqual(pages);
    expect(current.links.prev).toBeUndefined();
  });

  test("last, as given, is the tail of the list", async () => {
    const first = await page(`${transactionsOf(account.resourceId)}?limit=100`);
    const last = await page(first.links.last!);
    expect(last.items.map((t) => t.id)).toEqual(expected.slice(400));
    expect(last.links.next).toBeUndefined();
  });

  test("offset and limit as a client writes them", async () => {
    const { items, links: rel } = await page(`${transactionsOf(account.resourceId)}?offset=120&limit=30`);
    expect(items.map((t) => t.id)).toEqual(expected.slice(120, 150));
    expect(Object.keys(rel)).toEqual(["first", "prev", "next", "last"]);
    const beyond = await page(`${transactionsOf(account.resourceId)}?offset=450`);
    expect(beyond.items).toEqual([]);
  });

  test("fromDate and toDate (inclusive) filter by booking date, and the links keep them", async () => {
    const all = await page(`${transactionsOf(account.resourceId)}?limit=450`);
    const inRange = all.items.filter((t) => t.bookingDate >= "2026-03-01" && t.bookingDate <= "2026-04-28").map((t) => t.id);
    const filtered = await page(`${transactionsOf(account.resourceId)}?fromDate=2026-03-01&toDate=2026-04-28&limit=40`);
    expect(filtered.total).toBe(String(inRange.length));
    const seen = filtered.items.map((t) => t.id);
    let current = filtered;
    while (current.links.next) {
      expect(current.links.next).toContain("fromDate=2026-03-01&toDate=2026-04-28");
      current = await page(current.links.next);
      seen.push(...current.items.map((t) => t.id));
    }
    expect(seen).toEqual(inRange);
  });

  test("bad parameters: 400 with the parameter as path; unknown account 404", async () => {
    const cases: [string, string][] = [
      ["?limit=0", "limit"],
      ["?limit=ten", "limit"],
      ["?offset=-1", "offset"],
      ["?fromDate=2026-13-01", "fromDate"],
      ["?fromDate=2026-05-01&toDate=2026-04-01", "toDate"],
      ["?after=garbage", "after"],
      ["?before=2026-01-01", "before"],
      ["?limit=1&limit=2", "limit"],
    ];
    for (const [query, path] of cases) {
      const response = await client.send("GET", `${transactionsOf(account.resourceId)}${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path })] });
    }
    const unknown = await client.send("GET", transactionsOf("nope"));
    expect(unknown.status).toBe(404);
  });

  test("regression: a query parameter named like an Object method is not 'given twice'", async () => {
    const response = await client.send("GET", `${transactionsOf(account.resourceId)}?constructor=1&toString=2&limit=1`);
    expect(response.status).toBe(200);
  });
});
