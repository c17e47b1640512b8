import { beforeAll, describe, expect, it } from "vitest";
import { diagnoseSignature, listCaseSmell } from "./diagnose";
import type { DiagnosisCode } from "./diagnosis";
import { computeDigest } from "./digest";
import { headerValue } from "./headers";
import { generateTestCertificate, type TestCertificate } from "./test-certificate";
import { DEFAULT_LIST, importAs, planted, type Plant } from "./test-fixtures/planted-mistakes";
import { PAYMENT_BODY, PAYMENT_REQUEST, setHeader, signed } from "./test-fixtures/signed-request";
import type { SignableRequest } from "./types";
import { verifyRequest } from "./verify";

// Each mistake a TPP's code makes, planted alone in a request signed with the project's own signing
// pieces: the doctor names it with its own code, first, and a correct request gets no finding.

let tpp: TestCertificate;
let other: TestCertificate;

beforeAll(async () => {
  [tpp, other] = await Promise.all([
    generateTestCertificate({ tppName: "Fjordpay", organizationName: "Fjordpay AS", serialNumber: "00a1b2c3d4" }),
    generateTestCertificate({ tppName: "Other TPP" }),
  ]);
});

const codes = async (request: SignableRequest, options?: Parameters<typeof diagnoseSignature>[1]) =>
  (await diagnoseSignature(request, options)).map((finding) => finding.code);
const first = async (request: SignableRequest, options?: Parameters<typeof diagnoseSignature>[1]) => (await diagnoseSignature(request, options))[0];

/** The payment request with a Host header and a body sent as `body`. */
const payment = (headers: Record<string, string> = {}, body = PAYMENT_BODY): SignableRequest => ({
  ...PAYMENT_REQUEST,
  headers: { ...PAYMENT_REQUEST.headers, Host: "api.sandbox.example.no", ...headers },
  body,
});

/** A request with one mistake planted, which must fail verification (or the test's premise is wrong). */
async function refused(plant: Plant, request = payment()): Promise<SignableRequest> {
  const made = await planted(tpp, request, plant);
  expect((await verifyRequest(made)).ok).toBe(false);
  return made;
}

describe("a correct request", () => {
  it("gets no finding, signed by signRequest or by the planting helper", async () => {
    expect(await codes(await signed(tpp, payment()))).toEqual([]);
    expect(await codes(await planted(tpp, payment()))).toEqual([]);
    const now = new Date();
    const dated = await signed(tpp, payment({ Date: now.toUTCString() }));
    expect(await codes(dated, { dateWindow: { realNow: now, windowMs: 300_000 } })).toEqual([]);
  });
});

describe("the signing string's layout", () => {
  it.each<[string, DiagnosisCode, Plant, RegExp]>([
    ["a newline after the last line", "signing-string-trailing-newline", { edit: (s) => `${s}\n` }, /newline after its last line/],
    ["CRLF line ends", "signing-string-crlf", { edit: (s) => s.replace(/\n/g, "\r\n") }, /CRLF/],
    [
      "names signed in the Berlin Group's case",
      "signing-string-name-case",
      {
        edit: (s) =>
          s
            .replace(/^x-request-id:/m, "X-Request-ID:")
            .replace(/^digest:/m, "Digest:")
            .replace(/^psu-id:/m, "PSU-ID:")
            .replace(/^tpp-redirect-uri:/m, "TPP-Redirect-URI:"),
      },
      /"Digest: SHA-256=.*"\); the signing string writes every name in lower case/,
    ],
    [
      "lines in another order",
      "signing-string-order",
      { edit: (s) => s.split("\n").reverse().join("\n") },
      /another order \(tpp-redirect-uri psu-id x-request-id digest\)/,
    ],
    [
      "a listed line left out",
      "signing-string-line-missing",
      { signed: ["digest", "x-request-id", "tpp-redirect-uri"] },
      /lists psu-id, but the signature was made without its line/,
    ],
    [
      "(request-target) signed but not listed",
      "request-target-unlisted",
      { signed: ["(request-target)", ...DEFAULT_LIST] },
      /"\(request-target\): post \/v1\/payments\/norwegian-domestic-credit-transfers\?lang=nb" line \(first\)/,
    ],
    ["host signed but not listed", "host-unlisted", { signed: [...DEFAULT_LIST, "host"] }, /"host: api.sandbox.example.no" line \(after tpp-redirect-uri\)/],
    [
      "(request-target) listed but with the method in upper case",
      "request-target-differs",
      { list: ["(request-target)", ...DEFAULT_LIST], edit: (s) => s.replace("(request-target): post", "(request-target): POST") },
      /signed as "\(request-target\): POST \/v1/,
    ],
    [
      "(request-target) listed but without the query",
      "request-target-differs",
      { list: ["(request-target)", ...DEFAULT_LIST], edit: (s) => s.replace("?lang=nb", "") },
      /path and query exactly as sent/,
    ],
    [
      "host listed but signed with a port the request's Host lacks",
      "host-differs",
      { list: [...DEFAULT_LIST, "host"], edit: (s) => s.replace("host: api.sandbox.example.no", "host: api.sandbox.example.no:443") },
      /signed as "host: api.sandbox.example.no:443"; this request's Host header makes "host: api.sandbox.example.no"/,
    ],
  ])("%s → %s", async (_label, code, plant, text) => {
    const finding = await first(await refused(plant));
    expect(finding?.code).toBe(code);
    expect(finding?.text).toMatch(text);
  });

  it("names written with capitals in the headers parameter, signed in lower case: verifies, with the smell reported", async () => {
    const request = await planted(tpp, payment(), { list: ["Digest", "X-Request-ID", "PSU-ID", "TPP-Redirect-URI"], signed: DEFAULT_LIST });
    expect((await verifyRequest(request)).ok).toBe(true);
    const findings = await diagnoseSignature(request);
    expect(findings.map((finding) => finding.code)).toEqual(["headers-param-not-lowercase"]);
    expect(findings[0]?.text).toContain('send headers="digest x-request-id psu-id tpp-redirect-uri"');
    expect(listCaseSmell(headerValue(request.headers, "signature"))?.code).toBe("headers-param-not-lowercase");
    expect(listCaseSmell(headerValue((await planted(tpp, payment())).headers, "signature"))).toBeUndefined();
  });

  it("names written with capitals in the headers parameter and signed so → the signing string's case, not the smell", async () => {
    const list = ["Digest", "X-Request-ID", "PSU-ID", "TPP-Redirect-URI"];
    const request = await refused({
      list,
      edit: (s) =>
        s
          .split("\n")
          .map((line, index) => (list[index] ?? "") + line.slice(line.indexOf(":")))
          .join("\n"),
    });
    expect(await codes(request)).toEqual(["signing-string-name-case"]);
  });

  it("a change after signing that no known mistake explains → signature-mismatch, showing the rebuilt string line by line", async () => {
    const request = setHeader(await planted(tpp, payment()), "X-Request-ID", "00000000-0000-4000-8000-000000000000");
    const findings = await diagnoseSignature(request);
    expect(findings.map((finding) => finding.code)).toEqual(["signature-mismatch"]);
    expect(findings[0]?.text).toContain("none of the known mistakes explains it");
    expect(findings[0]?.text).toContain("made with this certificate's key and SHA-256");
    expect(findings[0]?.text).toContain("\n2. x-request-id: 00000000-0000-4000-8000-000000000000\n");
  });
});

describe("the signature value", () => {
  it("RSA-SHA512 under algorithm=rsa-sha256 → algorithm-hash-mismatch; algorithm=rsa-sha512 → algorithm-unsupported", async () => {
    const sha512 = await importAs(tpp, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-512" });
    const finding = await first(await refused({ key: sha512 }));
    expect(finding).toMatchObject({ code: "algorithm-hash-mismatch" });
    expect(finding?.text).toMatch(/its DigestInfo names SHA-512; but the Signature header says algorithm="rsa-sha256"/);
    expect(finding?.text).toMatch(/Sign with SHA-256 .*; SHA-512 is not accepted/);
    const reverse = await first(await refused({ algorithm: "rsa-sha512" }));
    expect(reverse).toMatchObject({ code: "algorithm-unsupported" });
  });

  it("another hash and a newline at the end → both named", async () => {
    const sha512 = await importAs(tpp, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-512" });
    expect(await codes(await refused({ key: sha512, edit: (s) => `${s}\n` }))).toEqual(["algorithm-hash-mismatch", "signing-string-trailing-newline"]);
  });

  it("signed with another key than the certificate's → signature-other-key, naming the certificate", async () => {
    const finding = await first(await refused({ key: other.privateKey }));
    expect(finding?.code).toBe("signature-other-key");
    expect(finding?.text).toContain("serial A1B2C3D4");
  });

  it("RSASSA-PSS instead of PKCS#1 v1.5 → signature-pss", async () => {
    const pss = await importAs(tpp, { name: "RSA-PSS", hash: "SHA-256" });
    expect(await first(await refused({ key: pss, scheme: { name: "RSA-PSS", saltLength: 32 } }))).toMatchObject({ code: "signature-pss" });
    expect(await first(await refused({ key: pss, scheme: { name: "RSA-PSS", saltLength: 222 } }))).toMatchObject({ code: "signature-pss" });
  });

  it("a signature of the wrong length, or base64 of its hex → signature-length", async () => {
    const made = await planted(tpp, payment());
    const parsedSignature = /signature="([^"]+)"/.exec(headerValue(made.headers, "signature") ?? "")?.[1] ?? "";
    const hex = Array.from(atob(parsedSignature), (char) => char.charCodeAt(0).toString(16).padStart(2, "0")).join("");
    const request = setHeader(made, "Signature", (headerValue(made.headers, "signature") ?? "").replace(parsedSignature, btoa(hex)));
    const finding = await first(request);
    expect(finding?.code).toBe("signature-length");
    expect(finding?.text).toContain("base64 of the signature's hex text");
    const short = setHeader(made, "Signature", (headerValue(made.headers, "signature") ?? "").replace(parsedSignature, btoa("x".repeat(128))));
    expect(await first(short)).toMatchObject({ code: "signature-length" });
  });
});

describe("the Digest", () => {
  const body = JSON.parse(PAYMENT_BODY) as Record<string, unknown>;
  const sortKeys = (value: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, typeof value[key] === "object" && value[key] !== null ? sortKeys(value[key] as Record<string, unknown>) : value[key]]),
    );
  const escaped = PAYMENT_BODY.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const hash = async (text: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

  it.each<[string, DiagnosisCode, () => Promise<string>]>([
    ["of the same JSON pretty-printed", "digest-of-reformatted-json", () => computeDigest(JSON.stringify(body, null, 2))],
    ["of the same JSON with keys sorted", "digest-of-reordered-json", () => computeDigest(JSON.stringify(sortKeys(body)))],
    ["of the JSON with non-ASCII as \\u escapes", "digest-of-escaped-json", () => computeDigest(escaped)],
    ["of the body with a trailing newline", "digest-with-trailing-newline", () => computeDigest(`${PAYMENT_BODY}\n`)],
    ["of an empty body", "digest-of-empty-body", () => computeDigest("")],
    ["hex instead of base64", "digest-encoding", async () => `SHA-256=${hexOf(await hash(PAYMENT_BODY))}`],
    ["base64 of the hex text", "digest-encoding", async () => `SHA-256=${btoa(hexOf(await hash(PAYMENT_BODY)))}`],
    ["of the body in Latin-1", "digest-body-charset", () => computeDigest(Uint8Array.from(PAYMENT_BODY, (char) => char.charCodeAt(0)))],
    ["SHA-512 under the SHA-256 label", "digest-algorithm-label", async () => (await computeDigest(PAYMENT_BODY, "SHA-512")).replace("SHA-512", "SHA-256")],
  ])("%s → %s, with the Digest the body needs", async (_label, code, digest) => {
    const findings = await diagnoseSignature(await refused({ digest: await digest() }));
    expect(findings[0]?.code).toBe(code);
    expect(findings[0]?.text).toContain(await computeDigest(PAYMENT_BODY));
    // The signature covers the Digest as sent, so only the Digest is wrong.
    expect(findings.map((finding) => finding.code)).toEqual([code]);
  });

  it("pretty-printed with sorted keys → both named", async () => {
    const digest = await computeDigest(JSON.stringify(sortKeys(body), null, 2));
    expect(await codes(await refused({ digest }))).toEqual(["digest-of-reformatted-json", "digest-of-reordered-json"]);
  });

  it("a Digest no known mistake explains → digest-mismatch, as the verifier words it", async () => {
    const findings = await diagnoseSignature(await refused({ digest: await computeDigest("something else") }));
    expect(findings.map((finding) => finding.code)).toEqual(["digest-mismatch"]);
    expect(findings[0]?.text).toContain("does not match the body");
  });
});

describe("keyId, Date and the signed list", () => {
  it("a decimal serial → keyid-serial-decimal, with the hex to send", async () => {
    const finding = await first(await refused({ keyId: tpp.certificate.keyId.replace("SN=A1B2C3D4", `SN=${String(0xa1b2c3d4)}`) }));
    expect(finding).toMatchObject({ code: "keyid-serial-decimal" });
    expect(finding?.text).toContain("SN=A1B2C3D4");
  });

  it("a byte-reversed serial → keyid-serial-reversed", async () => {
    expect(await first(await refused({ keyId: tpp.certificate.keyId.replace("SN=A1B2C3D4", "SN=D4C3B2A1") }))).toMatchObject({
      code: "keyid-serial-reversed",
    });
  });

  it("another certificate's keyId and key → the serial, then the key", async () => {
    const request = await planted(tpp, payment(), { keyId: other.certificate.keyId, key: other.privateKey });
    expect(await codes(request)).toEqual(["keyid-serial-mismatch", "signature-other-key"]);
  });

  it("a stale signed Date → date-stale, with the skew", async () => {
    // Whole seconds, as an HTTP date has them.
    const realNow = new Date(Math.floor(Date.now() / 1000) * 1000);
    const stale = new Date(realNow.getTime() - 3_600_000).toUTCString();
    const request = await planted(tpp, payment({ Date: stale }), { list: [...DEFAULT_LIST, "date"] });
    expect((await verifyRequest(request)).ok).toBe(true);
    const findings = await diagnoseSignature(request, { dateWindow: { realNow, windowMs: 300_000 } });
    expect(findings.map((finding) => finding.code)).toEqual(["date-stale"]);
    expect(findings[0]?.text).toContain("is 1 h behind the bank's real time");
  });

  it("a Date on the request but not signed → date-unsigned", async () => {
    const finding = await first(await refused({}, payment({ Date: new Date().toUTCString() })));
    expect(finding?.code).toBe("date-unsigned");
    expect(finding?.text).toContain("add date to headers=");
  });

  it("a required header not listed → header-not-signed; signed but not listed → header-signed-unlisted first", async () => {
    const list = ["digest", "x-request-id", "tpp-redirect-uri"];
    expect(await codes(await refused({ list }))).toEqual(["header-not-signed"]);
    const unlisted = await diagnoseSignature(await refused({ list, signed: DEFAULT_LIST }));
    expect(unlisted.map((finding) => finding.code)).toEqual(["header-signed-unlisted", "header-not-signed"]);
    expect(unlisted[0]?.text).toContain('"psu-id: 3f2b8c1e-5a4d-4e6f-9b7a-1c2d3e4f5a6b" line (after x-request-id)');
  });
});

describe("every other refusal", () => {
  it("keeps the verifier's reason and text as its finding", async () => {
    const request = setHeader(await signed(tpp, payment()), "TPP-Signature-Certificate", undefined);
    const verified = await verifyRequest(request);
    expect(await diagnoseSignature(request)).toEqual([{ code: "certificate-missing", text: verified.ok ? "" : verified.text }]);
  });

  it("never throws on garbage", async () => {
    expect(await diagnoseSignature(42 as unknown as SignableRequest)).toMatchObject([{ code: "signature-header-missing" }]);
    const mangled = setHeader(await signed(tpp, payment()), "Signature", 'keyId="x",signature="%%%"');
    expect((await diagnoseSignature(mangled))[0]?.code).toBe("signature-header-malformed");
  });
});
