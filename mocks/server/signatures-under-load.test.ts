import { afterAll, beforeAll, expect, test } from "vitest";
import { generateTestCertificate, signRequest } from "../../src/signing/index";
import { initiationHeaders, KARI, NDCT } from "../test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

let server: SandboxServer;
beforeAll(async () => {
  server = await startSandboxServer({ port: 0, verifyWorkers: 2 });
});
afterAll(() => server.close());

const payment = (n: number) => ({
  instructedAmount: { amount: "1.00", currency: "NOK" },
  creditorName: "Ola Nordmann",
  creditorAccount: { bban: "97100000044", currency: "NOK" },
  debtorAccount: { bban: "97100000028", currency: "NOK" },
  remittanceInformationUnstructured: `Load ${String(n)}`,
});

const certificate = generateTestCertificate({ tppName: "Load TPP" });

/** A signed creation; `tamper` sends another body than the one signed. */
async function create(n: number, tamper: boolean): Promise<Response> {
  const cert = await certificate;
  const body = JSON.stringify(payment(n));
  const headers: Record<string, string> = { ...initiationHeaders(KARI), "X-Request-ID": crypto.randomUUID(), "Content-Type": "application/json" };
  const signed = await signRequest({ method: "POST", url: NDCT, headers, body }, { privateKey: cert.privateKey, certificate: cert.certificatePem });
  return fetch(`${server.url}${NDCT}`, {
    method: "POST",
    headers: { ...headers, ...signed.headers },
    body: tamper ? body.replace('"1.00"', '"9.00"') : body,
  });
}

test("under load (checks on worker threads) every request gets its own signature's answer", { timeout: 60_000 }, async () => {
  const tampered = new Set([2, 11, 23, 30]);
  const answers = await Promise.all(Array.from({ length: 36 }, (_, n) => create(n, tampered.has(n))));
  const texts = await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: await answer.text() })));
  const refused = texts.flatMap((answer, n) => (answer.status === 401 ? [n] : []));
  expect(refused).toEqual([...tampered]);
  for (const n of tampered) expect(texts[n]?.body).toMatch(/SIGNATURE_INVALID.*Digest/s);
  expect(texts.filter((answer) => answer.status === 201)).toHaveLength(36 - tampered.size);
  // Each created payment is the one its own request asked for.
  const stored = await (await fetch(`${server.url}/__sandbox/payments?limit=100`)).text();
  for (let n = 0; n < 36; n++) expect(stored.includes(`"Load ${String(n)}"`), `payment ${String(n)}`).toBe(!tampered.has(n));
});
