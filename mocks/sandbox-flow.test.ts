import { beforeEach, describe, expect, test } from "vitest";
import { FJORDLINE, KARI, OLA, initiationHeaders, testClient, type TestClient, NDCT, PERIODIC, type ListedAccount as Account } from "./test-helpers";

let client: TestClient;
let accounts: Account[];
const account = (owner: string, name?: string) => {
  const found = accounts.find(
    (candidate) => candidate.customerNumber === owner && (name === undefined || (candidate as unknown as { accountName: string }).accountName === name),
  );
  if (!found) throw new Error(`no account of ${owner}`);
  return found;
};
const payment = (debtor: Account, creditor: Account, amount = "250.00", extra: Record<string, unknown> = {}) => ({
  instructedAmount: { amount, currency: "NOK" },
  creditorName: "Ola Nordmann",
  creditorAccount: { bban: creditor.bban, currency: "NOK" },
  debtorAccount: { bban: debtor.bban, currency: "NOK" },
  remittanceInformationUnstructured: "Middag",
  ...extra,
});
const available = (a: Account) => a.balances.find((balance) => balance.balanceType === "interimAvailable")?.balanceAmount.amount;

beforeEach(async () => {
  client = await testClient();
  const init = await client.send("POST", "/v1/sandbox/initialize");
  expect(init.status).toBe(200);
  accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as Account[];
});

async function approve(paymentId: string) {
  const decided = await client.control("POST", `/__sandbox/sca/payment/${paymentId}`, { decision: "approve" });
  expect(decided.status).toBe(200);
  return (await decided.json()) as { transactionStatus: string; redirect: string };
}

describe("single payment lifecycle", () => {
  test("RCVD → SCA approval → ACTC → batch → ACSC, booked on both accounts", async () => {
    const kari = account(KARI.customerNumber, "Brukskonto");
    const ola = account(OLA.customerNumber);
    const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: payment(kari, ola) });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { paymentId: string; transactionStatus: string; _links: Record<string, { href: string }> };
    expect(body.transactionStatus).toBe("RCVD");
    expect(body._links.scaRedirect?.href).toBe(`http://sandbox.test/bank/authorize/payment/${body.paymentId}`);
    expect(created.headers.get("Location")).toBe(body._links.self?.href);

    const decision = await approve(body.paymentId);
    expect(decision.transactionStatus).toBe("ACTC");
    expect(decision.redirect).toBe(`https://tpp.example/callback?paymentId=${body.paymentId}&scaResult=ok`);

    const run = await client.control("POST", "/__sandbox/batch/run");
    expect(((await run.json()) as { runs: { settled: string[] }[] }).runs[0]?.settled).toEqual([body.paymentId]);
    const status = await client.send("GET", `${NDCT}/${body.paymentId}/status`);
    expect(await status.json()).toEqual({ transactionStatus: "ACSC", fundsAvailable: true });

    const after = (await (await client.control("GET", "/__sandbox/accounts")).json()) as Account[];
    expect(available(after.find((a) => a.resourceId === kari.resourceId)!)).toBe((available(kari) ?? 0) - 250);
    expect(available(after.find((a) => a.resourceId === ola.resourceId)!)).toBe((available(ola) ?? 0) + 250);
    const debit = (await (await client.send("GET", `/v1/sandbox/accounts/${kari.resourceId}/transactions?limit=1`)).json()) as { amount: number }[];
    const credit = (await (await client.send("GET", `/v1/sandbox/accounts/${ola.resourceId}/transactions?limit=1`)).json()) as {
      amount: number;
      debtorName: string;
    }[];
    expect(debit[0]?.amount).toBe(-25000);
    expect(credit[0]?.amount).toBe(25000);
    // The payee's statement names the payer, not the payer's account.
    const customers = (await (await client.control("GET", "/__sandbox/customers")).json()) as { customerNumber: string; name: string }[];
    expect(credit[0]?.debtorName).toBe(customers.find((customer) => customer.customerNumber === KARI.customerNumber)?.name);
  });

  test("SCA declined: RJCT, and the redirect says nok", async () => {
    const created = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: payment(account(KARI.customerNumber, "Brukskonto"), account(OLA.customerNumber)),
    });
    const { paymentId } = (await created.json()) as { paymentId: string };
    const decided = await client.control("POST", `/__sandbox/sca/payment/${paymentId}`, { decision: "decline" });
    expect(await decided.json()).toMatchObject({ transactionStatus: "RJCT", redirect: expect.stringContaining("scaResult=nok") as string });
  });

  test("a future execution date waits as PDNG until the clock reaches it", async () => {
    const clock = (await (await client.control("GET", "/__sandbox/clock")).json()) as { today: string };
    const later = new Date(Date.parse(`${clock.today}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const created = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: payment(account(KARI.customerNumber, "Brukskonto"), account(OLA.customerNumber), "10.00", { requestedExecutionDate: later }),
    });
    const { paymentId } = (await created.json()) as { paymentId: string };
    expect((await approve(paymentId)).transactionStatus).toBe("PDNG");
    await client.control("POST", "/__sandbox/batch/run");
    expect(((await (await client.send("GET", `${NDCT}/${paymentId}/status`)).json()) as { transactionStatus: string }).transactionStatus).toBe("PDNG");
    const advanced = await client.control("POST", "/__sandbox/clock/advance", { days: 10 });
    expect(advanced.status).toBe(200);
    expect(((await (await client.send("GET", `${NDCT}/${paymentId}/status`)).json()) as { transactionStatus: string }).transactionStatus).toBe("ACSC");
  });

  test("two batch runs asked for at once book each payment once, and the balances show it once", async () => {
    const kari = account(KARI.customerNumber, "Brukskonto");
    const ola = account(OLA.customerNumber);
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: payment(kari, ola, "10.00") });
      const { paymentId } = (await created.json()) as { paymentId: string };
      await approve(paymentId);
      ids.push(paymentId);
    }
    const runs = await Promise.all([client.control("POST", "/__sandbox/batch/run"), client.control("POST", "/__sandbox/batch/run")]);
    const settled = (
      await Promise.all(runs.map(async (run) => ((await run.json()) as { runs: { settled: string[] }[] }).runs.flatMap((r) => r.settled)))
    ).flat();
    expect(settled.toSorted()).toEqual(ids.toSorted());
    const after = (await (await client.control("GET", "/__sandbox/accounts")).json()) as Account[];
    expect(available(after.find((a) => a.resourceId === kari.resourceId)!)).toBe((available(kari) ?? 0) - 30);
    expect(after.find((a) => a.resourceId === kari.resourceId)?.transactionCount).toBe(kari.transactionCount + 3);
  });
});

describe("the spec's stated error rules (section 7)", () => {
  test("1: a corporate user without PSU-Corporate-ID gets 400", async () => {
    const drift = account(FJORDLINE.customerNumber, "Driftskonto");
    const response = await client.send("POST", NDCT, { headers: initiationHeaders(FJORDLINE), body: payment(drift, account(OLA.customerNumber)) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      tppMessages: [expect.objectContaining({ path: "PSU-Corporate-ID", text: expect.stringContaining("999990010") as string })],
    });
    const withHeader = await client.send("POST", NDCT, {
      headers: initiationHeaders(FJORDLINE, { "PSU-Corporate-ID": FJORDLINE.customerNumber }),
      body: payment(drift, account(OLA.customerNumber)),
    });
    expect(withHeader.status).toBe(201);
  });

  test("2: a periodic payment in a signing basket gives 400 REFERENCE_MIX_INVALID", async () => {
    const kari = account(KARI.customerNumber, "Brukskonto");
    const clock = (await (await client.control("GET", "/__sandbox/clock")).json()) as { today: string };
    const periodic = await client.send("POST", PERIODIC, {
      headers: initiationHeaders(KARI, { "x-accept-fix": "longer-name" }),
      body: { ...payment(kari, account(OLA.customerNumber)), startDate: clock.today, frequency: "Monthly" },
    });
    expect(periodic.status).toBe(201);
    const { paymentId } = (await periodic.json()) as { paymentId: string };
    const basket = await client.send("POST", "/v1/signing-baskets", { headers: initiationHeaders(KARI), body: { paymentIds: [paymentId] } });
    expect(basket.status).toBe(400);
    expect(await basket.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "REFERENCE_MIX_INVALID", path: "paymentIds[0]" })] });
  });

  test("3: KID errors return 400 (KID_INVALID, KID_MISSING)", async () => {
    const kari = account(KARI.customerNumber, "Brukskonto");
    const kidAccount = account("999990029");
    const invalid = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: {
        ...payment(kari, kidAccount),
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructuredArray: [{ reference: "12345", referenceType: "KID" }],
      },
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      tppMessages: [expect.objectContaining({ code: "KID_INVALID", path: "remittanceInformationStructuredArray[0].reference" })],
    });
    const missing = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: payment(kari, kidAccount) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "KID_MISSING" })] });
    const valid = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: {
        ...payment(kari, kidAccount),
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructuredArray: [{ reference: "12344", referenceType: "KID" }],
      },
    });
    expect(valid.status).toBe(201);
  });

  test("4: MonthlyVariable with duplicate months is rejected", async () => {
    const clock = (await (await client.control("GET", "/__sandbox/clock")).json()) as { today: string };
    const response = await client.send("POST", PERIODIC, {
      headers: initiationHeaders(KARI, { "x-accept-fix": "longer-name" }),
      body: {
        ...payment(account(KARI.customerNumber, "Brukskonto"), account(OLA.customerNumber)),
        startDate: clock.today,
        frequency: "MonthlyVariable",
        monthsOfExecution: [1, 4, 4],
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path: "monthsOfExecution[2]" })] });
  });

  test("5: insufficient funds: RJCT, an error, and fundsAvailable false", async () => {
    const ola = account(OLA.customerNumber);
    const created = await client.send("POST", NDCT, {
      headers: initiationHeaders(OLA),
      body: payment(ola, account(KARI.customerNumber, "Brukskonto"), "9000.00"),
    });
    const { paymentId } = (await created.json()) as { paymentId: string };
    await approve(paymentId);
    await client.control("POST", "/__sandbox/batch/run");
    const status = await client.send("GET", `${NDCT}/${paymentId}/status`);
    expect(await status.json()).toMatchObject({
      transactionStatus: "RJCT",
      fundsAvailable: false,
      tppMessages: [
        { category: "ERROR", code: "PAYMENT_FAILED", text: expect.stringMatching(/available 6200\.00 NOK .* does not cover 9000\.00 NOK/) as string },
      ],
    });
  });

  test("6: a sandbox transaction with another account as debtor is refused", async () => {
    const kari = account(KARI.customerNumber, "Brukskonto");
    const ola = account(OLA.customerNumber);
    const response = await client.send("POST", `/v1/sandbox/accounts/${kari.resourceId}/transactions`, {
      body: { amount: 1000, currency: "NOK", creditorName: "X", creditorAccount: { bban: "86011117947" }, debtorAccount: { bban: ola.bban } },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "BAD_REQUEST", path: "debtorAccount" })] });
  });

  test("7: deleting a PDNG payment is refused with an explanation", async () => {
    const clock = (await (await client.control("GET", "/__sandbox/clock")).json()) as { today: string };
    const later = new Date(Date.parse(`${clock.today}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    const created = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: payment(account(KARI.customerNumber, "Brukskonto"), account(OLA.customerNumber), "5.00", { requestedExecutionDate: later }),
    });
    const { paymentId } = (await created.json()) as { paymentId: string };
    await approve(paymentId);
    const refused = await client.send("DELETE", `${NDCT}/${paymentId}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      tppMessages: [expect.objectContaining({ code: "CONFLICT", text: expect.stringMatching(/PDNG.*scheduled for execution on/) as string })],
    });
  });
});

describe("requests the sandbox refuses", () => {
  test("unknown path 404, wrong method 405, both with tppMessages", async () => {
    const unknown = await client.send("GET", "/v1/nothing-here");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "RESOURCE_UNKNOWN" })] });
    const wrong = await client.send("PUT", "/v1/sandbox/accounts");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("POST");
  });
  test("a tampered body fails the digest with the rebuilt signing string", async () => {
    const response = await client.send("PUT", "/v1/sandbox/tpp/contact-email", {
      body: { email: "dev@tpp.example" },
      afterSigning: (request) => {
        request.body = JSON.stringify({ email: "evil@tpp.example" });
      },
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { tppMessages: { code: string; text: string }[] };
    expect(body.tppMessages[0]?.code).toBe("SIGNATURE_INVALID");
    expect(body.tppMessages[0]?.text).toMatch(/Digest header does not match the body: received SHA-256=\S+, but the 28-byte body hashes to SHA-256=/);
  });
  test("a signed header changed after signing fails with the signing string the sandbox rebuilt, line by line", async () => {
    const response = await client.send("PUT", "/v1/sandbox/tpp/contact-email", {
      body: { email: "dev@tpp.example" },
      afterSigning: (request) => {
        request.headers["X-Request-ID"] = "99391c7e-ad88-49ec-a2ad-99ddcb1f7721";
      },
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { tppMessages: { code: string; text: string }[] };
    expect(body.tppMessages[0]?.code).toBe("SIGNATURE_INVALID");
    // No known mistake explains a value changed after signing: the doctor says so and shows the string to sign.
    expect(response.headers.get("X-Sandbox-Signature-Diagnosis")).toBe("signature-mismatch");
    expect(body.tppMessages[0]?.text).toMatch(
      /none of the known mistakes explains it.*Sign exactly these 2 lines.*:\n1\. digest: SHA-256=.*\n2\. x-request-id: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721/s,
    );
    const rebuilt = atob(response.headers.get("X-Sandbox-Signing-String") ?? "");
    expect(rebuilt).toContain("x-request-id: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721");
  });
  test("no signature: 401 SIGNATURE_MISSING", async () => {
    const response = await client.send("POST", "/v1/sandbox/initialize", { sign: false });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      tppMessages: expect.arrayContaining([expect.objectContaining({ code: "SIGNATURE_MISSING", path: "Signature" })]) as unknown,
    });
  });
  test("bad JSON is a FORMAT_ERROR that says where", async () => {
    const response = await client.send("PUT", "/v1/sandbox/tpp/contact-email", { rawBody: '{"email": ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", text: expect.stringMatching(/not valid JSON/) as string })],
    });
  });
});
