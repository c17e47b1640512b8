import { X509Certificate, createHash, createSign, createVerify } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "./sign";
import { generateTestCertificate, type TestCertificate } from "./test-certificate";
import { OPENSSL_RSA_CERT, OPENSSL_RSA_KEY } from "./test-fixtures/openssl-certificates";
import type { SignableRequest } from "./types";
import { verifyRequest } from "./verify";

// An independent implementation (node:crypto / OpenSSL, and a signing-string builder
// written here from the draft's text) checks ours in both directions.

type Headers = Record<string, string>;
type Body = string | Uint8Array | undefined;

const hex = fc.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
const segment = fc.stringMatching(/^[A-Za-z0-9._~%-]{1,10}$/);
const queryPart = fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[A-Za-z0-9._~%-]{0,8}$/)).map(([k, v]) => `${k}=${v}`);
const path = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.array(queryPart, { maxLength: 3 }))
  .map(([segments, query]) => `/${segments.join("/")}${query.length ? `?${query.join("&")}` : ""}`);
const casing = (name: string) => fc.constantFrom(name, name.toLowerCase(), name.toUpperCase());
const padded = (value: fc.Arbitrary<string>) => fc.tuple(value, fc.constantFrom("", " ", "  ")).map(([v, pad]) => `${pad}${v}${pad}`);
const optionalHeader = (name: string, value: fc.Arbitrary<string>) => fc.option(fc.tuple(casing(name), padded(value)), { nil: undefined });

const requestArb = fc
  .record({
    method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "patch"),
    absolute: fc.boolean(),
    path,
    requestId: fc.tuple(casing("X-Request-ID"), hex),
    optional: fc.tuple(
      optionalHeader("PSU-ID", hex),
      optionalHeader("PSU-Corporate-ID", fc.stringMatching(/^[0-9]{9}$/)),
      optionalHeader(
        "TPP-Redirect-URI",
        path.map((p) => `https://tpp.example.no${p}`),
      ),
      optionalHeader(
        "Date",
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-01-01"), noInvalidDate: true }).map((d) => d.toUTCString()),
      ),
      optionalHeader("Content-Type", fc.constant("application/json")),
    ),
    body: fc.oneof(fc.constant(undefined), fc.string({ unit: "binary", maxLength: 300 }), fc.uint8Array({ maxLength: 300 })),
  })
  .map(({ method, absolute, path, requestId, optional, body }): SignableRequest & { headers: Headers; body: Body } => {
    const headers: Headers = { [requestId[0]]: requestId[1] };
    for (const entry of optional) if (entry) headers[entry[0]] = entry[1];
    return { method, url: absolute ? `https://api.sandbox.example.no${path}` : path, headers, body };
  });

// --- the independent side --------------------------------------------------------------

function nodeBytes(body: Body): Buffer {
  return typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body ?? new Uint8Array(0));
}

function nodeSigningString(names: string[], method: string, url: string, headers: Headers): string {
  const lowered = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.replace(/^[ \t]+|[ \t]+$/g, "")]));
  const target = url.replace(/^https:\/\/[^/]+/, "");
  return names.map((n) => (n === "(request-target)" ? `${n}: ${method.toLowerCase()} ${target}` : `${n}: ${lowered[n]}`)).join("\n");
}

function nodeSignatureParams(header: string): Record<string, string> {
  const value = header.startsWith("=?utf-8?B?") ? Buffer.from(header.slice(10, -2), "base64").toString("utf8") : header;
  return Object.fromEntries([...value.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe("our signRequest, checked by node:crypto", () => {
  let tpp: TestCertificate;
  let nodeCert: X509Certificate;
  beforeAll(async () => {
    tpp = await generateTestCertificate({ tppName: "Interop TPP", organizationName: "Nordlys Betaling AS" });
    nodeCert = new X509Certificate(tpp.certificatePem);
  });

  it("node verifies the signature over the signing string it rebuilds itself", async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        const signed = await signRequest(request, { privateKey: tpp.privateKey, certificate: tpp.certificatePem });
        const params = nodeSignatureParams(signed.headers.Signature);
        const names = params.headers!.split(" ");
        const headers = { ...request.headers, Digest: signed.headers.Digest };
        const expectedNames = ["digest", "x-request-id", "psu-id", "psu-corporate-id", "tpp-redirect-uri", "date"].filter(
          (n) => n === "digest" || Object.keys(headers).some((k) => k.toLowerCase() === n),
        );
        expect(names).toEqual(expectedNames);
        expect(signed.headers.Digest).toBe(`SHA-256=${createHash("sha256").update(nodeBytes(request.body)).digest("base64")}`);
        const signingString = nodeSigningString(names, request.method, request.url, headers);
        expect(signed.signingString).toBe(signingString);
        const ok = createVerify("RSA-SHA256").update(signingString, "utf8").verify(nodeCert.publicKey, params.signature!, "base64");
        expect(ok).toBe(true);
        expect(params.keyId).toMatch(new RegExp(`^SN=${nodeCert.serialNumber.replace(/^0+/, "")},CA=CN=Interop TPP,`));
        expect(Buffer.from(signed.headers["TPP-Signature-Certificate"], "base64").equals(nodeCert.raw)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe("node:crypto signs, our verifyRequest accepts", () => {
  const cert = new X509Certificate(OPENSSL_RSA_CERT);
  // Node prints the issuer in ASN.1 order, one RDN per line; join it the way RFC 1779 tools do,
  // so the keyId also exercises DN-order and separator normalisation.
  const keyId = `SN=${cert.serialNumber},CA=${cert.issuer.split("\n").join(", ")}`;
  const certificateHeader = cert.raw.toString("base64");

  it("accepts requests signed with an OpenSSL-made certificate and key", async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, fc.constantFrom("SHA-256", "SHA-512"), async (request, digestAlgorithm) => {
        const hashName = digestAlgorithm === "SHA-256" ? "sha256" : "sha512";
        const digest = `${digestAlgorithm}=${createHash(hashName).update(nodeBytes(request.body)).digest("base64")}`;
        const headers: Headers = { ...request.headers, Digest: digest };
        const present = (n: string) => Object.keys(headers).some((k) => k.toLowerCase() === n);
        const names = ["(request-target)", "digest", "x-request-id", "psu-id", "psu-corporate-id", "tpp-redirect-uri", "date"].filter(
          (n) => n.startsWith("(") || present(n),
        );
        const signingString = nodeSigningString(names, request.method, request.url, headers);
        const signature = createSign("RSA-SHA256").update(signingString, "utf8").sign(OPENSSL_RSA_KEY, "base64");
        const params = `keyId="${keyId}", algorithm="rsa-sha256", headers="${names.join(" ")}", signature="${signature}"`;
        const wrapped = `=?utf-8?B?${Buffer.from(params, "utf8").toString("base64")}?=`;
        const result = await verifyRequest({ ...request, headers: { ...headers, Signature: wrapped, "TPP-Signature-Certificate": certificateHeader } });
        expect(result).toMatchObject({ ok: true, signingString, signedHeaders: names });
      }),
      { numRuns: 60 },
    );
  });
});
