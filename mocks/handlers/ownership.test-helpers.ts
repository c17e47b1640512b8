/**
 * A payment belongs to its TPP and its PSU (issue 27 point 1, decision 0058): the same cases for the sandbox in the
 * page (in-process, as msw runs it) and for the standalone server over HTTP. Each TPP is a client signing with a
 * certificate of its own.
 */
import { describe, expect, test } from "vitest";
import { FJORDLINE, KARI, NDCT, OLA, PERIODIC, initiationHeaders, kariAndOla, paymentBody, type ListedAccount } from "../test-helpers";

interface Answered {
  status: number;
  json: () => Promise<unknown>;
}

export interface Tpp {
  send: (method: string, path: string, options?: { headers?: Record<string, string>; body?: unknown }) => Promise<Answered>;
}

export interface OwnershipSetup {
  /** The TPP that creates everything. */
  owner: Tpp;
  /** Another TPP (another organizationIdentifier). */
  other: Tpp;
  /** Another certificate, with another key, naming the owner's organizationIdentifier: the same TPP. */
  sameOrganization: Tpp;
  /** An unsigned sandbox control request. */
  control: (method: string, path: string, body?: unknown) => Promise<Answered>;
}

const BASKETS = "/v1/signing-baskets";
const UNKNOWN_ID = "00000000-0000-4000-8000-00000000dead";

interface Created {
  single: string;
  periodic: string;
  basket: string;
  basketPayment: string;
  corporate: string;
  accounts: ListedAccount[];
}

async function created(tpp: Tpp, path: string, headers: Record<string, string>, body: unknown, key: "paymentId" | "basketId" = "paymentId") {
  const response = await tpp.send("POST", path, { headers, body });
  const json = (await response.json()) as Record<string, string>;
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json[key] ?? "";
}

async function makeAll(setup: OwnershipSetup): Promise<Created> {
  expect((await setup.owner.send("POST", "/v1/sandbox/initialize")).status).toBe(200);
  const accounts = (await (await setup.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
  const today = ((await (await setup.control("GET", "/__sandbox/clock")).json()) as { today: string }).today;
  const { kari, ola } = kariAndOla(accounts);
  const drift = accounts.find((account) => account.customerNumber === FJORDLINE.customerNumber && account.accountName === "Driftskonto");
  if (!drift) throw new Error("The fixed data lacks Fjordline's Driftskonto.");
  const single = await created(setup.owner, NDCT, initiationHeaders(KARI), paymentBody(kari, ola));
  const periodic = await created(
    setup.owner,
    PERIODIC,
    initiationHeaders(KARI, { "x-accept-fix": "longer-name" }),
    paymentBody(kari, ola, { startDate: today, frequency: "Monthly", dayOfExecution: "15" }),
  );
  const basketPayment = await created(setup.owner, NDCT, initiationHeaders(KARI), paymentBody(kari, ola));
  const basket = await created(setup.owner, BASKETS, initiationHeaders(KARI), { paymentIds: [basketPayment] }, "basketId");
  const corporate = await created(setup.owner, NDCT, initiationHeaders(FJORDLINE, { "PSU-Corporate-ID": FJORDLINE.customerNumber }), paymentBody(drift, ola));
  return { single, periodic, basket, basketPayment, corporate, accounts };
}

/** Every route about one payment or basket: its read, status read and delete. */
function routesOf(made: Created): { name: string; method: string; path: (id: string) => string; id: string }[] {
  const three = (name: string, base: string, id: string) => [
    { name: `read of a ${name}`, method: "GET", path: (x: string) => `${base}/${x}`, id },
    { name: `status read of a ${name}`, method: "GET", path: (x: string) => `${base}/${x}/status`, id },
    { name: `delete of a ${name}`, method: "DELETE", path: (x: string) => `${base}/${x}`, id },
  ];
  return [
    ...three("single payment", NDCT, made.single),
    ...three("periodic payment", PERIODIC, made.periodic),
    ...three("signing basket", BASKETS, made.basket),
  ];
}

/** The answer's body with `id` written as ID: an unknown id's answer and another TPP's must read alike but for the id. */
const bodyWithout = async (answered: Answered, id: string) => JSON.stringify(await answered.json()).replaceAll(id, "ID");

const exported = async (setup: OwnershipSetup) => {
  const response = await setup.control("GET", "/__sandbox/export");
  expect(response.status).toBe(200);
  return (await response.json()) as { stores: unknown };
};

export function describeOwnership(where: string, setup: () => Promise<OwnershipSetup>): void {
  describe(`a payment belongs to its TPP and its PSU (${where})`, () => {
    test("another TPP gets what an unknown id gets on every read, status read and delete, and nothing changes", async () => {
      const tpps = await setup();
      const made = await makeAll(tpps);
      const before = (await exported(tpps)).stores;
      for (const route of routesOf(made)) {
        const theirs = await tpps.other.send(route.method, route.path(route.id), { headers: { "PSU-ID": KARI.psuId } });
        const unknown = await tpps.other.send(route.method, route.path(UNKNOWN_ID), { headers: { "PSU-ID": KARI.psuId } });
        expect(theirs.status, route.name).toBe(404);
        expect(unknown.status, route.name).toBe(404);
        expect(await bodyWithout(theirs, route.id), route.name).toBe(await bodyWithout(unknown, UNKNOWN_ID));
      }
      expect((await exported(tpps)).stores).toEqual(before);
      for (const route of routesOf(made).filter((one) => one.method === "GET"))
        expect((await tpps.owner.send(route.method, route.path(route.id))).status, route.name).toBe(200);
    });

    test("another TPP cannot put the payment into its own signing basket: it is unknown to it", async () => {
      const tpps = await setup();
      const made = await makeAll(tpps);
      const before = (await exported(tpps)).stores;
      const theirs = await tpps.other.send("POST", BASKETS, {
        headers: initiationHeaders(KARI, { "TPP-Redirect-URI": "https://evil.example/cb" }),
        body: { paymentIds: [made.single] },
      });
      const unknown = await tpps.other.send("POST", BASKETS, { headers: initiationHeaders(KARI), body: { paymentIds: [UNKNOWN_ID] } });
      expect(theirs.status).toBe(unknown.status);
      const body = await bodyWithout(theirs, made.single);
      expect(body).toBe(await bodyWithout(unknown, UNKNOWN_ID));
      expect(body).toContain("RESOURCE_UNKNOWN");
      expect((await exported(tpps)).stores).toEqual(before);
    });

    test("payments and baskets stored before owners were kept (an older export imported) are any TPP's, as before", async () => {
      const tpps = await setup();
      const made = await makeAll(tpps);
      const file = (await exported(tpps)) as { stores: { payments: Record<string, unknown>[]; baskets: Record<string, unknown>[] } };
      const unowned = <T extends Record<string, unknown>>(records: T[]) => records.map(({ tpp: _owner, ...rest }) => rest);
      expect(file.stores.payments.every((payment) => typeof payment.tpp === "string")).toBe(true);
      const older = { ...file, stores: { ...file.stores, payments: unowned(file.stores.payments), baskets: unowned(file.stores.baskets) } };
      expect((await tpps.control("POST", "/__sandbox/import", older)).status).toBe(200);
      for (const route of routesOf(made).filter((one) => one.method === "GET"))
        expect((await tpps.other.send(route.method, route.path(route.id))).status, route.name).toBe(200);
      expect((await tpps.other.send("DELETE", `${NDCT}/${made.single}`)).status).toBe(204);
    });

    test("a certificate naming the same organizationIdentifier is the same TPP", async () => {
      const tpps = await setup();
      const made = await makeAll(tpps);
      expect((await tpps.sameOrganization.send("GET", `${NDCT}/${made.single}/status`)).status).toBe(200);
      expect((await tpps.sameOrganization.send("DELETE", `${PERIODIC}/${made.periodic}`)).status).toBe(204);
    });

    test("a PSU header naming another PSU than the payment's is 403 and changes nothing", async () => {
      const tpps = await setup();
      const made = await makeAll(tpps);
      const before = (await exported(tpps)).stores;
      const olaIdentity = { "X-PSU-IDENTITY": OLA.customerNumber };
      for (const route of routesOf(made))
        for (const headers of [{ "PSU-ID": OLA.psuId }, olaIdentity]) {
          const response = await tpps.owner.send(route.method, route.path(route.id), { headers });
          expect(response.status, `${route.name} with ${Object.keys(headers).join()}`).toBe(403);
          expect(await response.json()).toEqual({
            tppMessages: [expect.objectContaining({ category: "ERROR", code: "FORBIDDEN", path: Object.keys(headers)[0] })],
          });
        }
      expect((await exported(tpps)).stores).toEqual(before);
      expect((await tpps.owner.send("GET", `${NDCT}/${made.single}/status`, { headers: { "PSU-ID": KARI.psuId } })).status).toBe(200);
    });

    test("leaving the PSU headers out does not get round the corporate rule on reads and deletes", async () => {
      const tpps = await setup();
      const made = await makeAll(tpps);
      const before = (await exported(tpps)).stores;
      for (const [method, path] of [
        ["GET", `${NDCT}/${made.corporate}`],
        ["GET", `${NDCT}/${made.corporate}/status`],
        ["DELETE", `${NDCT}/${made.corporate}`],
      ] as const) {
        const response = await tpps.owner.send(method, path);
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "HTTP_HEADER_REQUIRED", path: "PSU-Corporate-ID" })] });
        const otherCompany = await tpps.owner.send(method, path, { headers: { "PSU-Corporate-ID": "999990029" } });
        expect(otherCompany.status, `${method} ${path} for another company`).toBe(403);
      }
      expect((await exported(tpps)).stores).toEqual(before);
      const company = { "PSU-Corporate-ID": FJORDLINE.customerNumber };
      expect((await tpps.owner.send("GET", `${NDCT}/${made.corporate}/status`, { headers: company })).status).toBe(200);
      expect((await tpps.owner.send("DELETE", `${NDCT}/${made.corporate}`, { headers: company })).status).toBe(204);
      // A private customer's payment needs no PSU header, as before.
      expect((await tpps.owner.send("GET", `${NDCT}/${made.single}/status`)).status).toBe(200);
    });
  });
}
