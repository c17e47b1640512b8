/** The tenant registry's bounds when new tenants arrive at once, and its closing of unused ones, over stores that answer slowly. */
import { describe, expect, test } from "vitest";
import { openDataStore } from "../data-file";
import { createTenantAdmission, DEFAULT_ADMISSION_LIMITS, type AdmissionLimits } from "./tenant-admission";
import { createTenantSandboxes, TenantRefused } from "./tenant-sandboxes";
import { memoryKeyBindings, TenantKeyUnbound } from "./tenant-keys";
import { memoryTenantRecords } from "./tenant-records";
import type { TenantStores } from "./tenant-stores";

const later = () => new Promise((done) => setTimeout(done, 20));

/** In memory, but every catalogue read and every open waits a little, as a database's would. */
function slowStores() {
  const created = new Set<string>();
  const closed: string[] = [];
  const stores: TenantStores = {
    exists: async (key) => (await later(), created.has(key)),
    count: async () => (await later(), created.size),
    keys: async () => (await later(), [...created].sort()),
    async open(key) {
      await later();
      const { store } = await openDataStore(undefined);
      created.add(key);
      const close = store.close.bind(store);
      store.close = () => {
        closed.push(key);
        close();
      };
      return { store, keys: memoryKeyBindings() };
    },
    records: memoryTenantRecords((key) => created.delete(key)),
    close: () => Promise.resolve(),
  };
  return { stores, closed };
}

/** Tenants over `stores`, admitted within `bounds` (the rest of the bounds far away) from one client. */
const sandboxesOf = (stores: TenantStores, bounds: Partial<AdmissionLimits> & { maxOpen?: number }, closable = false) =>
  createTenantSandboxes({
    stores,
    limits: { maxOpen: bounds.maxOpen ?? 10 },
    admission: createTenantAdmission({ limits: { ...DEFAULT_ADMISSION_LIMITS, perAddress: 100, perKey: 100, perMinute: 100, ...bounds }, stores }),
    closable,
    pageCache: false,
  });

const tenant = (n: number) => ({ id: `org:T${String(n)}`, key: n.toString(16).padStart(24, "0") });
const signer = (n: number) => ({ spkiSha256: n.toString(16).padStart(64, "0"), subject: `CN=Key ${String(n)}`, boundAt: 1_795_000_000_000 });

describe("createTenantSandboxes", { timeout: 30_000 }, () => {
  test("new tenants arriving at once cannot all pass the total bound", async () => {
    const { stores } = slowStores();
    const tenants = sandboxesOf(stores, { maxTenants: 2 });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((n) => tenants.use(tenant(n), signer(1), () => Promise.resolve("served"))));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(TenantRefused);
    expect(await tenants.keys()).toHaveLength(2);
    await tenants.close();
  });

  test("the same new tenant asked for at once is created once", async () => {
    const { stores } = slowStores();
    const tenants = sandboxesOf(stores, { maxTenants: 5, perMinute: 1 });
    const outcomes = await Promise.all([1, 1, 1].map((n) => tenants.use(tenant(n), signer(1), (sandbox) => Promise.resolve(sandbox))));
    expect(new Set(outcomes).size).toBe(1);
    await tenants.close();
  });

  test("beyond the open bound the least recently used idle tenant is closed, never one a request holds", async () => {
    const { stores, closed } = slowStores();
    const tenants = sandboxesOf(stores, { maxTenants: 5, maxOpen: 1 }, true);
    let release: () => void = () => undefined;
    const held = tenants.use(
      tenant(1),
      signer(1),
      () =>
        new Promise<void>((done) => {
          release = done;
        }),
    );
    await tenants.use(tenant(2), signer(1), () => Promise.resolve());
    expect(closed).toEqual(["0".repeat(23) + "2"]);
    release();
    await held;
    await tenants.use(tenant(3), signer(1), () => Promise.resolve());
    expect(closed).toEqual(["0".repeat(23) + "2", "0".repeat(23) + "1"]);
    await tenants.close();
  });

  test("a new tenant reached at once with two keys is bound to one: the other request is refused and its work never runs", async () => {
    const { stores } = slowStores();
    const tenants = sandboxesOf(stores, { maxTenants: 5 });
    const ran: number[] = [];
    const outcomes = await Promise.allSettled([1, 2].map((n) => tenants.use(tenant(1), signer(n), () => Promise.resolve(ran.push(n)))));
    expect(ran).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(TenantKeyUnbound);
    expect(String(refused?.reason)).toMatch(/bound to another key since .*POST \/__sandbox\/tenant\/keys signed by a bound one/);
    await tenants.close();
  });

  test("a tenant a request holds is not retired; once retired, the next request makes it anew", async () => {
    const { stores, closed } = slowStores();
    const tenants = sandboxesOf(stores, { maxTenants: 5 });
    const key = tenant(1).key;
    let release: () => void = () => undefined;
    let reached: (sandbox: unknown) => void = () => undefined;
    const inside = new Promise<unknown>((got) => {
      reached = got;
    });
    const held = tenants.use(tenant(1), signer(1), (sandbox) => {
      reached(sandbox);
      return new Promise<void>((done) => {
        release = done;
      });
    });
    const first = await inside;
    expect(await tenants.retire(key, () => stores.records.drop(key, Infinity))).toBe(false);
    expect(await stores.exists(key)).toBe(true);
    release();
    await held;
    expect(await tenants.retire(key, () => stores.records.drop(key, Infinity))).toBe(true);
    expect(closed).toEqual([key]);
    expect(await stores.exists(key)).toBe(false);
    const second = await tenants.use(tenant(1), signer(2), (sandbox) => Promise.resolve(sandbox));
    expect(second).not.toBe(first);
    expect(await stores.exists(key)).toBe(true);
    await tenants.close();
  });
});
