import { afterAll, describe, expect, it } from "vitest";
import { generateTestCertificate, signRequest, verifyRequest, type SignableRequest } from "../../src/signing/index";
import { readdirSync, readFileSync } from "node:fs";
import { CHECKER_NICENESS, createVerifyPool } from "./verify-pool";

const certificate = generateTestCertificate({ tppName: "Pool TPP" });
const NOW = new Date();

async function signedPayment(body = '{"instructedAmount":{"amount":"1.00","currency":"NOK"}}') {
  const cert = await certificate;
  const headers = { "X-Request-ID": crypto.randomUUID(), "Content-Type": "application/json", "PSU-ID": "12345678901" };
  const url = "/v1/payments/norwegian-domestic-credit-transfers";
  const signed = await signRequest({ method: "POST", url, headers, body }, { privateKey: cert.privateKey, certificate: cert.certificatePem });
  return { method: "POST", url, headers: { ...headers, ...signed.headers }, body } satisfies SignableRequest;
}

describe("signature checks on worker threads", () => {
  const pool = createVerifyPool(2);
  afterAll(() => pool.close());

  it("answers what the check on this thread answers: the signer's certificate, its dates as dates", async () => {
    const request = await signedPayment();
    const [offThread, here] = await Promise.all([pool.verify(request, NOW), verifyRequest(request, { now: NOW })]);
    expect(here.ok).toBe(true);
    expect(offThread).toEqual(here);
    if (!offThread.ok) throw new Error(offThread.text);
    expect(offThread.certificate.notAfter).toBeInstanceOf(Date);
  });

  it("refuses a tampered body, a forged signature and a certificate outside its validity with the same code and text", async () => {
    const tampered = { ...(await signedPayment()), body: '{"instructedAmount":{"amount":"9999.00","currency":"NOK"}}' };
    const original = await signedPayment();
    const forged = {
      ...original,
      headers: { ...original.headers, Signature: original.headers.Signature.replace(/signature="[^"]{8}/, 'signature="AAAAAAAA') },
    };
    const expired = await signedPayment();
    for (const [request, now, reason] of [
      [tampered, NOW, "digest-mismatch"],
      [forged, NOW, "signature-mismatch"],
      [expired, new Date(Date.UTC(2099, 0, 1)), "certificate-expired"],
    ] as const) {
      const [offThread, here] = await Promise.all([pool.verify(request, now), verifyRequest(request, { now })]);
      expect(offThread.ok ? "ok" : offThread.reason).toBe(reason);
      expect(offThread).toEqual(here);
    }
  });

  it("keeps each answer with its own request when many are checked at once", async () => {
    const requests = await Promise.all(Array.from({ length: 40 }, (_, index) => signedPayment(`{"n":${String(index)}}`)));
    const broken = new Set([3, 17, 31]);
    const sent = requests.map((request, index) => (broken.has(index) ? { ...request, body: '{"n":-1}' } : request));
    const results = await Promise.all(sent.map((request) => pool.verify(request, NOW)));
    expect(results.map((result, index) => (result.ok ? index : -1)).filter((index) => index >= 0)).toEqual(
      requests.map((_, index) => index).filter((index) => !broken.has(index)),
    );
  });

  it.runIf(process.platform === "linux")("runs its checks at a lower priority than the event loop's", async () => {
    // Two checks at once go one to each worker, so both have started.
    const requests = await Promise.all([signedPayment(), signedPayment()]);
    await Promise.all(requests.map((request) => pool.verify(request, NOW)));
    /** Each thread's nice value (the 19th field of its stat). */
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    const threads = readdirSync("/proc/self/task").map((id) => niceOf(readFileSync(`/proc/self/task/${id}/stat`, "utf8")));
    expect(threads.filter((nice) => nice === CHECKER_NICENESS).length).toBeGreaterThanOrEqual(2);
    expect(niceOf(readFileSync("/proc/thread-self/stat", "utf8"))).toBe(0);
  });

  it("checks on this thread when a worker cannot run, and says so once per worker", async () => {
    const lost: unknown[] = [];
    const failing = createVerifyPool(1, (error) => lost.push(error), new URL("./verify-pool.failing-worker.test-fixture.mjs", import.meta.url));
    try {
      const request = await signedPayment();
      const results = await Promise.all([failing.verify(request, NOW), failing.verify(await signedPayment(), NOW)]);
      expect(results.map((result) => result.ok)).toEqual([true, true]);
      await expect.poll(() => lost.length).toBe(1);
      expect((await failing.verify(await signedPayment(), NOW)).ok).toBe(true);
    } finally {
      await failing.close();
    }
  });
});
