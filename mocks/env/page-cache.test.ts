import { describe, expect, test } from "vitest";
import { commitListeners } from "../store/commit-listeners";
import { openSqliteStore } from "../store/sqlite/sqlite-store";
import { createSandbox } from "../sandbox";
import { testClient, type ListedAccount, type TestClient } from "../test-helpers";
import { createPageCache } from "./page-cache";

const page = (text: string) => ({ bodyJson: text, headers: { "X-Total-Count": "1" } });

describe("the page cache", () => {
  test("keeps a page until the store commits", () => {
    const commits = commitListeners();
    const cache = createPageCache(commits);
    cache.set("a", page("[1]"), cache.revision());
    expect(cache.get("a")?.bodyJson).toBe("[1]");
    commits.notify();
    expect(cache.get("a")).toBeUndefined();
  });

  test("does not keep a page read while a commit landed", () => {
    const commits = commitListeners();
    const cache = createPageCache(commits);
    const readAt = cache.revision();
    commits.notify();
    cache.set("a", page("[1]"), readAt);
    expect(cache.get("a")).toBeUndefined();
  });

  test("holds at most its page count and characters, dropping the oldest first", () => {
    const cache = createPageCache(commitListeners(), { maxPages: 2, maxChars: 10 });
    cache.set("a", page("[1]"), 0);
    cache.set("b", page("[2]"), 0);
    cache.set("c", page("[3]"), 0);
    expect([cache.get("a"), cache.get("b")?.bodyJson, cache.get("c")?.bodyJson]).toEqual([undefined, "[2]", "[3]"]);
    cache.set("d", page("[4444444]"), 0);
    expect([cache.get("b"), cache.get("c"), cache.get("d")?.bodyJson]).toEqual([undefined, undefined, "[4444444]"]);
    cache.set("e", page("[55555555555]"), 0);
    expect(cache.get("e")).toBeUndefined();
  });
});

describe("a server's transaction list with the page cache", () => {
  async function serverClient(): Promise<{ client: TestClient; account: ListedAccount }> {
    const store = await openSqliteStore({});
    const client = await testClient({ sandbox: await createSandbox({ store, seedIfNew: true, pageCache: true }) });
    const accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
    const account = accounts.find((a) => a.currency === "NOK" && a.transactionCount > 5);
    if (!account) throw new Error("no NOK account with transactions");
    return { client, account };
  }
  const list = async (client: TestClient, account: ListedAccount, query = "?limit=5") => {
    const response = await client.send("GET", `/v1/sandbox/accounts/${account.resourceId}/transactions${query}`);
    expect(response.status).toBe(200);
    return {
      total: response.headers.get("X-Total-Count"),
      link: response.headers.get("Link"),
      items: (await response.json()) as { id: string; remittanceInformationUnstructured?: string }[],
    };
  };

  test("a transaction created between two reads is on the second", async () => {
    const { client, account } = await serverClient();
    const first = await list(client, account);
    expect(await list(client, account)).toEqual(first);
    const created = await client.send("POST", `/v1/sandbox/accounts/${account.resourceId}/transactions`, {
      body: { amount: 100, currency: "NOK", creditorName: "Ekstern", creditorAccount: { bban: "86011117947" }, debtorAccount: { iban: account.iban } },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const second = await list(client, account);
    expect(second.items[0]?.id).toBe(id);
    expect(Number(second.total)).toBe(Number(first.total) + 1);
  });

  test("an import and a reset show at once; other queries and pages are their own", async () => {
    const { client, account } = await serverClient();
    const before = await list(client, account);
    const exported = await client.sandbox.env.store.exportAll();
    const renamed = exported.stores.transactions.map((t) =>
      t.accountId === account.resourceId && t.id === before.items[0]?.id ? { ...t, remittanceInformationUnstructured: "Endret ved import" } : t,
    );
    const imported = await client.control("POST", "/__sandbox/import", { ...exported, stores: { ...exported.stores, transactions: renamed } });
    expect(imported.status).toBe(200);
    const afterImport = await list(client, account);
    expect(afterImport.items[0]).toMatchObject({ id: before.items[0]?.id, remittanceInformationUnstructured: "Endret ved import" });

    const otherPage = await list(client, account, "?limit=2");
    expect(otherPage.items.map((t) => t.id)).toEqual(afterImport.items.slice(0, 2).map((t) => t.id));
    expect(otherPage.link).not.toBe(afterImport.link);

    expect((await client.send("POST", "/v1/sandbox/initialize")).status).toBeLessThan(300);
    expect((await list(client, account)).items[0]).toEqual(before.items[0]);
  });
});
