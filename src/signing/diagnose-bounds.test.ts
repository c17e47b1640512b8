import { beforeAll, describe, expect, it } from "vitest";
import { diagnoseSignature } from "./diagnose";
import { bodyCandidates, MAX_DIAGNOSED_BODY, MAX_SERIALISED } from "./digest-variants";
import { computeDigest } from "./digest";
import { signingStringVariants, MAX_VARIANT_BYTES, MAX_VARIANTS } from "./signing-string-variants";
import { generateTestCertificate, type TestCertificate } from "./test-certificate";
import { DEFAULT_LIST, planted } from "./test-fixtures/planted-mistakes";
import { PAYMENT_REQUEST } from "./test-fixtures/signed-request";
import type { SignableRequest } from "./types";
import { verifyRequest } from "./verify";

// The doctor runs on every refused request, whatever its sender made of it: what it tries is bounded by counts and
// sizes, not by what the request holds.

let tpp: TestCertificate;
beforeAll(async () => {
  tpp = await generateTestCertificate({ tppName: "Bounded TPP" });
});

const sizes = (variants: readonly { signingString: string }[]) => variants.reduce((sum, variant) => sum + variant.signingString.length, 0);
const payment = (headers: Record<string, string> = {}): SignableRequest => ({
  ...PAYMENT_REQUEST,
  headers: { ...PAYMENT_REQUEST.headers, Host: "api.sandbox.example.no", ...headers },
});

describe("the signing strings the doctor tries", () => {
  it("for a usual request: every variant, well inside the budget (the budget cuts nothing a TPP's usual mistake needs)", async () => {
    const request = await planted(tpp, payment());
    const variants = signingStringVariants(DEFAULT_LIST, DEFAULT_LIST, request);
    expect(variants.length).toBeGreaterThan(40);
    expect(variants.length).toBeLessThan(MAX_VARIANTS / 2);
  });

  it("a list naming one header 400 times, beside 40 other headers: at most MAX_VARIANTS strings and MAX_VARIANT_BYTES past the first", async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`X-Extra-${String(index)}`, "v".repeat(200)]));
    const list = Array.from({ length: 400 }, () => "x-request-id");
    const request = await planted(tpp, payment(many), { list });
    const variants = signingStringVariants(list, list, request);
    expect(variants.length).toBeLessThanOrEqual(MAX_VARIANTS);
    expect(sizes(variants.slice(1))).toBeLessThanOrEqual(MAX_VARIANT_BYTES);
    // The rebuilt string comes first, whole, whatever its size.
    expect(variants[0]?.signingString.split("\n")).toHaveLength(400);
  });

  it("header values of kilobytes: the bytes are bounded too", async () => {
    const big = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`X-Big-${String(index)}`, "b".repeat(8_000)]));
    const list = [...DEFAULT_LIST, ...Object.keys(big).map((name) => name.toLowerCase())];
    const request = await planted(tpp, payment(big), { list });
    const variants = signingStringVariants(list, list, request);
    expect(sizes(variants.slice(1))).toBeLessThanOrEqual(MAX_VARIANT_BYTES);
  });

  it("such a request, refused, is still diagnosed: the rebuilt string shown line by line", async () => {
    const list = [...DEFAULT_LIST, ...Array.from({ length: 400 }, () => "x-request-id")];
    const request = await planted(tpp, payment(), { list, edit: (s) => `${s} ` });
    expect((await verifyRequest(request)).ok).toBe(false);
    const [finding] = await diagnoseSignature(request);
    expect(finding?.code).toBe("signature-mismatch");
    expect(finding?.text).toContain("\n404. x-request-id: ");
  });
});

describe("the bodies the doctor hashes for a Digest", () => {
  // 25 KB of JSON: 200 arrays nested 60 deep, which pretty-printed with 4-space indents is about 3 MB.
  const nested = `[${Array.from({ length: 200 }, () => `${"[".repeat(60)}1${"]".repeat(60)}`).join(",")}]`;

  it("a body that pretty-printed would be megabytes: no re-serialisation is made past MAX_SERIALISED", () => {
    expect(nested.length).toBeLessThan(MAX_DIAGNOSED_BODY);
    const candidates = bodyCandidates(new TextEncoder().encode(nested));
    for (const candidate of candidates) expect(candidate.body.length).toBeLessThanOrEqual(MAX_SERIALISED + 2);
  });

  it("a body over MAX_DIAGNOSED_BODY is compared as sent only (and as an empty body)", () => {
    const large = new TextEncoder().encode(JSON.stringify({ text: "x".repeat(MAX_DIAGNOSED_BODY) }));
    expect(bodyCandidates(large).map((candidate) => candidate.mistakes[0]?.kind)).toEqual(["empty-body"]);
  });

  it("that body's Digest of another layout is still refused with a finding, not a failure", async () => {
    const request = await planted(tpp, { ...payment(), body: nested }, { digest: await computeDigest("[]") });
    expect((await diagnoseSignature(request))[0]?.code).toBe("digest-mismatch");
  });
});
