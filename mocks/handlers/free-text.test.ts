/**
 * Free text through the sandbox (decision 0049): a name or message with a bidirectional control, a line
 * break or NUL is refused at its field, as a bank refuses it, and nothing is created; an import carrying one
 * is refused the same way. The rule is the contract's (src/contract/free-text.test.ts has the table of fields).
 */
import { beforeEach, expect, test } from "vitest";
import { ErrorBody } from "../../src/contract/common-objects";
import { hrefOf } from "../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, testClient, type ListedAccount, type TestClient } from "../test-helpers";

let client: TestClient;
let kari: ListedAccount;
let ola: ListedAccount;

beforeEach(async () => {
  client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  ({ kari, ola } = kariAndOla((await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[]));
});

const stores = async () => (await client.sandbox.env.store.exportAll()).stores;

test.each([
  ["creditorName", { creditorName: "Ola \u202eNordmann" }, /^Character 5 is U\+202E \(RIGHT-TO-LEFT OVERRIDE\)/],
  ["remittanceInformationUnstructured", { remittanceInformationUnstructured: "Faktura\r\n42" }, /^Character 8 is U\+000D \(CR, a carriage return\)/],
  ["creditorAddress.city", { creditorAddress: { city: "Oslo\u0000", country: "NO" } }, /^Character 5 is U\+0000 \(NUL\)/],
])("a payment whose %s holds a control is refused there, and nothing is created", async (path, fields, text) => {
  const before = await stores();
  const answer = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola, fields) });
  expect(answer.status).toBe(400);
  expect(ErrorBody.parse(await answer.json()).tppMessages).toEqual([
    expect.objectContaining({ code: "FORMAT_ERROR", path, text: expect.stringMatching(text) as string }),
  ]);
  expect(await stores()).toEqual(before);
});

test("a sandbox transaction whose message holds a line separator is refused, nothing booked", async () => {
  const before = await stores();
  const answer = await client.send("POST", hrefOf("createSandboxTransaction", { mockAccountId: kari.resourceId }), {
    body: {
      amount: 100,
      currency: "NOK",
      creditorName: "Butikk AS",
      creditorAccount: { bban: ola.bban },
      debtorAccount: { bban: kari.bban },
      remittanceInformationUnstructured: "Mat\u2028og drikke",
    },
  });
  expect(answer.status).toBe(400);
  expect(ErrorBody.parse(await answer.json()).tppMessages[0]).toMatchObject({ code: "FORMAT_ERROR", path: "remittanceInformationUnstructured" });
  expect(await stores()).toEqual(before);
});

test("an import whose payment or account name holds a bidirectional control is refused at its path and changes nothing", async () => {
  await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola) });
  const exported = await client.sandbox.env.store.exportAll();
  const [payment] = exported.stores.payments;
  if (payment?.product !== "single") throw new Error("expected the single payment just made");
  const payments = [{ ...payment, request: { ...payment.request, creditorName: "\u2067Ola Nordmann\u2069" } }];
  const accounts = exported.stores.accounts.map((account, index) => (index === 0 ? { ...account, accountName: "Konto\u200f" } : account));
  const before = await stores();
  const answer = await client.control("POST", "/__sandbox/import", { ...exported, stores: { ...exported.stores, payments, accounts } });
  expect(answer.status).toBe(400);
  const messages = ErrorBody.parse(await answer.json()).tppMessages;
  expect(messages.map((message) => message.path)).toEqual(["stores.accounts[0].accountName", "stores.payments[0].request.creditorName"]);
  expect(messages[1]?.text).toMatch(/^Not imported, nothing changed: Character 1 is U\+2067 \(RIGHT-TO-LEFT ISOLATE\)/);
  expect(await stores()).toEqual(before);
});
