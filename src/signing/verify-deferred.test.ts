import { beforeAll, describe, expect, it } from "vitest";
import { computeDigest, type HashedBody } from "./digest";
import { generateTestCertificate, type TestCertificate } from "./test-certificate";
import { PAYMENT_BODY, PAYMENT_REQUEST, setHeader, signed } from "./test-fixtures/signed-request";
import type { DigestAlgorithm, SignableRequest } from "./types";
import { checkStreamedBody, verifyRequest } from "./verify";

// The server checks a request's signature before it reads a large body (deferBodyDigest), then
// compares the body, hashed as it streamed, with the Digest: the two steps together refuse exactly
// what verifyRequest refuses over the whole request, with the same reasons and texts.

let tpp: TestCertificate;
let request: SignableRequest;

beforeAll(async () => {
  tpp = await generateTestCertificate({ tppName: "Fjordpay" });
  request = await signed(tpp);
});

/** The body as the server's streaming hash gives it. */
async function hashed(body: string, algorithms: DigestAlgorithm[] = ["SHA-256"]): Promise<HashedBody> {
  const digests: Partial<Record<DigestAlgorithm, string>> = {};
  for (const algorithm of algorithms) digests[algorithm] = await computeDigest(body, algorithm);
  return { length: new TextEncoder().encode(body).length, digests };
}

const withoutBody = (whole: SignableRequest): SignableRequest => ({ method: whole.method, url: whole.url, headers: whole.headers });

/** What a TPP is told of a failure: its code, reason and text. */
const told = (result: { ok: boolean; code?: string; reason?: string; text?: string } | undefined) =>
  result && { ok: result.ok, code: result.code, reason: result.reason, text: result.text };

describe("a signature checked before the body, the body after it streamed", () => {
  it("a signed request verifies on its headers alone, and its body then matches its Digest (SHA-256 and SHA-512)", async () => {
    expect(await verifyRequest(withoutBody(request), { deferBodyDigest: true })).toMatchObject({ ok: true });
    expect(await checkStreamedBody(request, await hashed(PAYMENT_BODY))).toBeUndefined();
    const sha512 = await signed(tpp, PAYMENT_REQUEST, { digestAlgorithm: "SHA-512" });
    expect(await verifyRequest(withoutBody(sha512), { deferBodyDigest: true })).toMatchObject({ ok: true });
    expect(await checkStreamedBody(sha512, await hashed(PAYMENT_BODY, ["SHA-512"]))).toBeUndefined();
  });

  it("a body other than the one signed is refused once it has streamed, with verifyRequest's reason and text", async () => {
    const other = PAYMENT_BODY.replace("1250.00", "9250.00");
    expect(await verifyRequest(withoutBody(request), { deferBodyDigest: true })).toMatchObject({ ok: true });
    const whole = await verifyRequest({ ...request, body: other });
    const streamed = await checkStreamedBody(request, await hashed(other));
    expect(whole).toMatchObject({ ok: false, reason: "digest-mismatch" });
    expect(told(streamed)).toEqual(told(whole));
  });

  it("a Digest of the wrong form, or of algorithms the sandbox does not take, is refused before the body", async () => {
    for (const [digest, reason] of [
      ["garbage", "digest-malformed"],
      ["MD5=HUXZLQLMuI/KZ5KDcJPcOA==", "digest-algorithm-unsupported"],
    ] as const) {
      const result = await verifyRequest(withoutBody(setHeader(request, "Digest", digest)), { deferBodyDigest: true });
      expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason });
      expect(result).toEqual(await verifyRequest(setHeader(request, "Digest", digest)));
    }
  });

  it("what the signature covers is checked before the body as always: a changed signed header is a signature-mismatch", async () => {
    const result = await verifyRequest(withoutBody(setHeader(request, "X-Request-ID", "00000000-0000-4000-8000-000000000000")), { deferBodyDigest: true });
    expect(result).toMatchObject({ ok: false, reason: "signature-mismatch" });
  });

  it("a request signed without a Digest passes before its body, and is refused once a body arrives (digest-missing); no body passes", async () => {
    const bodiless = { method: "POST", url: "/v1/x", headers: { "X-Request-ID": "99391c7e-ad88-49ec-a2ad-99ddcb1f7721" } };
    const signedBodiless = await signed(tpp, bodiless, { headers: ["x-request-id"] });
    const noDigest = setHeader(signedBodiless, "Digest", undefined);
    expect(await verifyRequest(noDigest, { deferBodyDigest: true })).toMatchObject({ ok: true });
    expect(await checkStreamedBody(noDigest, await hashed(""))).toBeUndefined();
    const refused = await checkStreamedBody(noDigest, await hashed(PAYMENT_BODY));
    expect(refused).toMatchObject({ ok: false, reason: "digest-missing" });
    expect(told(refused)).toEqual(told(await verifyRequest({ ...noDigest, body: PAYMENT_BODY })));
  });
});
