import { beforeEach, describe, expect, test } from "vitest";
import { Clock, ScaRequest } from "../../src/contract/control-schemas";
import { hrefOf } from "../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, testClient, type ListedAccount, type TestClient } from "../test-helpers";

const BASKETS = "/v1/signing-baskets";

let client: TestClient;
let debtor: ListedAccount;
let creditor: ListedAccount;

beforeEach(async () => {
  client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  const accounts = (await (await client.control("GET", hrefOf("sandboxAccounts", {}))).json()) as ListedAccount[];
  ({ kari: debtor, ola: creditor } = kariAndOla(accounts));
});

async function initiate(): Promise<string> {
  const response = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(debtor, creditor) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { paymentId: string }).paymentId;
}
const advance = async (minutes: number) => expect((await client.control("POST", hrefOf("advanceClock", {}), { minutes })).status).toBe(200);
const status = async (id: string, path = NDCT) =>
  ((await (await client.send("GET", `${path}/${id}/status`)).json()) as { transactionStatus: string }).transactionStatus;
const decide = (subject: "payment" | "basket", id: string, decision: "approve" | "decline" = "approve") =>
  client.control("POST", hrefOf("scaDecision", { subject, id }), { decision });
const stored = async (id: string) => (await client.sandbox.env.store.exportAll()).stores.payments.find((payment) => payment.paymentId === id);

describe("SCA expires after the SCA window on the sandbox clock (decision 0029)", () => {
  test("10 minutes by default: an unapproved payment reads RJCT everywhere after it, and approving then is SCA_EXPIRED", async () => {
    const clock = Clock.parse(await (await client.control("GET", hrefOf("sandboxClock", {}))).json());
    expect(clock.scaWindowMinutes).toBe(10);
    const late = await initiate();
    const inTime = await initiate();
    await advance(9);
    expect((await decide("payment", inTime)).status).toBe(200);
    await advance(2);

    expect(await status(late)).toBe("RJCT");
    const read = (await (await client.send("GET", `${NDCT}/${late}`)).json()) as { _links: Record<string, unknown> };
    expect(Object.keys(read._links)).not.toContain("scaRedirect");
    const bank = ScaRequest.parse(await (await client.control("GET", hrefOf("scaRequest", { subject: "payment", id: late }))).json());
    expect(bank.transactionStatus).toBe("RJCT");
    expect(bank.statusReason).toMatch(/SCA expired: the PSU did not approve within 10 minutes/);
    const explorer = (await (await client.control("GET", hrefOf("sandboxPayment", { paymentId: late }))).json()) as { transactionStatus: string };
    expect(explorer.transactionStatus).toBe("RJCT");

    const refused = await decide("payment", late);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("SCA_EXPIRED");
    expect(await stored(late)).toMatchObject({ transactionStatus: "RJCT" });
    expect((await stored(late))?.statusHistory.at(-1)?.at).toBe((await stored(late))!.createdAt + 10 * 60_000);
    expect(await status(inTime)).not.toBe("RJCT");
  });

  test("the window is set with PUT /__sandbox/sca-window; out-of-range values are refused and change nothing", async () => {
    for (const minutes of [0, 10_081, 1.5, "30"]) {
      const refused = await client.control("PUT", hrefOf("setScaWindow", {}), { minutes });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/1 to 10080 minutes|whole number/);
    }
    const set = Clock.parse(await (await client.control("PUT", hrefOf("setScaWindow", {}), { minutes: 60 })).json());
    expect(set.scaWindowMinutes).toBe(60);
    const id = await initiate();
    await advance(30);
    expect(await status(id)).toBe("RCVD");
    await advance(31);
    expect(await status(id)).toBe("RJCT");
    // Kept with the sandbox: an export and import carry it.
    const exported: unknown = await (await client.control("GET", hrefOf("exportSandbox", {}))).json();
    await client.control("PUT", hrefOf("setScaWindow", {}), { minutes: 5 });
    expect((await client.control("POST", hrefOf("importSandbox", {}), exported)).status).toBe(200);
    expect(Clock.parse(await (await client.control("GET", hrefOf("sandboxClock", {}))).json()).scaWindowMinutes).toBe(60);
  });

  test("a payment in a signing basket expires with the basket, not by its own initiation", async () => {
    const first = await initiate();
    await advance(8);
    const second = await initiate();
    const created = await client.send("POST", BASKETS, { headers: initiationHeaders(KARI), body: { paymentIds: [first, second] } });
    expect(created.status).toBe(201);
    const { basketId } = (await created.json()) as { basketId: string };
    // The bank page of a payment in the basket names the basket's deadline, not its own.
    const view = async (subject: "payment" | "basket", id: string) =>
      ScaRequest.parse(await (await client.control("GET", hrefOf("scaRequest", { subject, id }))).json()).scaExpiresAt;
    expect(await view("payment", first)).toBe(await view("basket", basketId));
    await advance(5); // 13 minutes after the first payment, 5 after the basket
    expect(await status(first)).toBe("RCVD");
    expect(await status(basketId, BASKETS)).toBe("RCVD");
    await advance(6);
    expect(await status(basketId, BASKETS)).toBe("RJCT");
    expect(await status(first)).toBe("RJCT");
    const refused = await decide("basket", basketId);
    expect(refused.status).toBe(401);
    expect((await stored(second))?.transactionStatus).toBe("RJCT");
  });

  test("an expired payment can no longer be deleted or put in a basket", async () => {
    const id = await initiate();
    await advance(11);
    const deleted = await client.send("DELETE", `${NDCT}/${id}`, { headers: { "PSU-ID": KARI.psuId } });
    expect(deleted.status).toBe(409);
    expect(await deleted.text()).toContain("RJCT");
    const basket = await client.send("POST", BASKETS, { headers: initiationHeaders(KARI), body: { paymentIds: [id] } });
    expect(basket.status).toBe(409);
  });
});
