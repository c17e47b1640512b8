/**
 * A record's bodies and headers as the traffic record keeps them (decision 0055): the size shown is the body's in UTF-8
 * bytes however it was handed over, a body over the bound is cut there, and no private key is kept while a certificate is;
 * and the entry a store is handed (decision 0064): the record's JSON, as the contract reads it, its certificate apart.
 */
import { expect, test } from "vitest";
import { TrafficRecord } from "../../src/contract/traffic";
import { generateTestCertificate } from "../../src/signing/test-certificate";
import { ChangeNotes } from "../store/change-watch";
import { wholeRow, type TrafficEntry } from "../store/traffic-rows";
import { trafficEntry } from "../store/traffic.test-helpers";
import { recordedBody, trafficEntryOf, withoutPrivateKeys, type Exchange } from "./traffic-record";

test("a body's size is its UTF-8 bytes, whether the edge had it as text or as bytes, and a long one is cut at the bound", () => {
  const text = JSON.stringify({ creditorName: "Åse Øvrebø 😀", remittance: "€ 12,50" });
  const bytes = new TextEncoder().encode(text);
  expect(recordedBody(text)).toEqual({ text, bytes: bytes.length, keptBytes: bytes.length });
  expect(recordedBody(bytes)).toEqual(recordedBody(text));
  const long = "x".repeat(5000);
  expect(recordedBody(long, 4096)).toEqual({ text: "x".repeat(4096), bytes: 5000, keptBytes: 4096 });
  expect(recordedBody("")).toEqual({ text: "", bytes: 0, keptBytes: 0 });
  // Cut where a whole character ends: "ø" is two bytes, so an odd bound keeps one byte less.
  expect(recordedBody("ø".repeat(3000), 4095)).toEqual({ text: "ø".repeat(2047), bytes: 6000, keptBytes: 4094 });
  expect(recordedBody(`${"x".repeat(4000)}😀`, 4002)).toEqual({ text: "x".repeat(4000), bytes: 4004, keptBytes: 4000 });
});

test("a private key is removed from a body or a header, a certificate is kept", () => {
  const certificate = "MIIDazCCAlOgAwIBAgIUXn3certificateOfTheTpp";
  expect(withoutPrivateKeys(certificate)).toBe(certificate);
  expect(recordedBody(`{"key":"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"}`).text).toBe('{"key":"[private key removed by the sandbox]"}');
  expect(withoutPrivateKeys("MHcCAQEEIBx")).toBe("[private key removed by the sandbox]");
  expect(withoutPrivateKeys("-----BEGIN EC PRIVATE KEY-----\nAbC")).toBe("[private key removed by the sandbox]");
});

// ---- the entry a store is handed (decision 0064) ------------------------------------------------

const PAYMENTS = "/v1/payments/norwegian-domestic-credit-transfers";

function exchange(overrides: Partial<Exchange> = {}): Exchange {
  return {
    at: Date.UTC(2026, 10, 27, 12, 0, 0, 5),
    ms: 3.46,
    method: "POST",
    url: new URL(`http://127.0.0.1:4000${PAYMENTS}?x=1`),
    requestHeaders: [
      ["X-Request-ID", "2f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21"],
      ["content-type", "application/json"],
      ["digest", "SHA-256=abc="],
    ],
    requestBody: new TextEncoder().encode('{"creditorName":"Åse \\"Ø\\" 😀"}'),
    status: 201,
    responseHeaders: [
      ["content-type", "application/json"],
      ["x-sandbox-scenario-applied", "delay:1500"],
    ],
    responseBody: '{"paymentId":"p1","transactionStatus":"RCVD"}',
    facts: {},
    ...overrides,
  };
}

/** The record an entry holds, whole, as the contract reads it (a key the contract does not know fails here). */
function recordOf(entry: TrafficEntry): TrafficRecord {
  const parsed: unknown = JSON.parse(wholeRow(entry).data);
  expect(TrafficRecord.parse(parsed)).toEqual(parsed);
  return parsed as TrafficRecord;
}

test("an exchange's entry is the record as JSON: every field as the contract has it, the row's columns beside it", async () => {
  const changes = new ChangeNotes();
  changes.note({ kind: "payment", id: "p1", to: "RCVD" });
  const entry = await trafficEntryOf(exchange({ facts: { changes } }), "000001a21f20bcf1-000027124701");
  expect(entry.certificate).toBeUndefined();
  expect(entry.row).toMatchObject({
    id: "000001a21f20bcf1-000027124701",
    at: Date.UTC(2026, 10, 27, 12, 0, 0, 5),
    status: 201,
    operation: "createPayment",
    tpp: null,
  });
  expect(entry.row.bytes).toBe(entry.row.data.length);
  expect(recordOf(entry)).toEqual({
    id: "000001a21f20bcf1-000027124701",
    at: "2026-11-27T12:00:00.005Z",
    method: "POST",
    path: PAYMENTS,
    operation: "createPayment",
    status: 201,
    ms: 3.5,
    tpp: null,
    requestId: "2f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
    scenario: "delay:1500",
    changes: [{ kind: "payment", id: "p1", to: "RCVD" }],
    query: "x=1",
    request: {
      headers: { "x-request-id": "2f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21", "content-type": "application/json", digest: "SHA-256=abc=" },
      body: { text: '{"creditorName":"Åse \\"Ø\\" 😀"}', bytes: 35, keptBytes: 35 },
    },
    response: {
      headers: { "content-type": "application/json", "x-sandbox-scenario-applied": "delay:1500" },
      body: { text: '{"paymentId":"p1","transactionStatus":"RCVD"}', bytes: 45, keptBytes: 45 },
    },
    diagnosis: [],
  });
});

test("the certificate header is handed apart, its place kept in the headers' order, and a verified signer names the TPP", async () => {
  const tpp = await generateTestCertificate({ organizationId: "123456789" });
  const text = tpp.certificatePem.replace(/-----[A-Z ]+-----|\s/g, "");
  const signer = { spkiSha256: "a".repeat(64), certificateSha256: "b".repeat(64), subject: tpp.certificate.subject };
  const entry = await trafficEntryOf(
    exchange({
      requestHeaders: [
        ["digest", "SHA-256=abc="],
        ["TPP-Signature-Certificate", text],
        ["x-request-id", "r1"],
      ],
      facts: { signer },
    }),
  );
  expect(entry.certificate?.text).toBe(text);
  expect(entry.row.data.slice(entry.certificate?.at, (entry.certificate?.at ?? 0) + 2)).toBe('""');
  expect(entry.row.tpp).toBe("b".repeat(64));
  const record = recordOf(entry);
  expect(Object.entries(record.request.headers)).toEqual([
    ["digest", "SHA-256=abc="],
    ["tpp-signature-certificate", text],
    ["x-request-id", "r1"],
  ]);
  expect(record.tpp).toEqual({
    keySha256: "a".repeat(64),
    certificateSha256: "b".repeat(64),
    organizationIdentifier: "PSDNO-FSA-123456789",
    subject: tpp.certificate.subject,
    verified: true,
  });
  // The same entry made from the record as an object (what the tests hand a store) holds the same.
  const again = trafficEntry(record);
  expect(again.certificate?.text).toBe(text);
  expect(recordOf(again)).toEqual(record);
});

test("an unverified certificate names the TPP as unverified; a refused signature's findings, string and digest are kept", async () => {
  const tpp = await generateTestCertificate({ organizationId: "987654321" });
  const text = tpp.certificatePem.replace(/-----[A-Z ]+-----|\s/g, "");
  const refused = {
    diagnosis: [{ code: "SIGNATURE_WRONG_KEY", text: "Signed with another key." }],
    signingString: "digest: SHA-256=abc=\nx-request-id: r1",
    bodyDigest: "SHA-256=abc=",
  };
  const entry = await trafficEntryOf(
    exchange({ requestHeaders: [["tpp-signature-certificate", text]], requestBody: undefined, status: 401, facts: { signatureRefused: refused as never } }),
  );
  const record = recordOf(entry);
  expect(record.tpp).toMatchObject({ organizationIdentifier: "PSDNO-FSA-987654321", verified: false });
  expect(entry.row.tpp).toBe(record.tpp?.certificateSha256);
  expect(record).toMatchObject({
    status: 401,
    requestId: null,
    diagnosis: refused.diagnosis,
    signingString: refused.signingString,
    bodyDigest: "SHA-256=abc=",
  });
  expect(record.request.body).toEqual({ text: "", bytes: 0, keptBytes: 0 });
});

test("a private key is removed from every part of an entry, and an empty certificate header stays in the row", async () => {
  const key = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----";
  const entry = await trafficEntryOf(
    exchange({
      requestHeaders: [
        ["x-debug", key],
        ["tpp-signature-certificate", ""],
      ],
      requestBody: `{"key":${JSON.stringify(key)}}`,
      responseBody: key,
    }),
  );
  expect(entry.row.data).not.toContain("BEGIN PRIVATE KEY");
  expect(entry.certificate).toBeUndefined();
  expect(recordOf(entry).request.headers).toEqual({ "x-debug": "[private key removed by the sandbox]", "tpp-signature-certificate": "" });
});

test("headers as a record keeps them: a long value cut at the bound, a header named __proto__ kept, a name given twice with its last value", async () => {
  const long = "v".repeat(9000);
  const key = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC";
  const made = await trafficEntryOf(
    exchange({
      requestHeaders: [
        ["x-long", long],
        ["__proto__", "p"],
        ["X-Twice", "first"],
        ["x-twice", "second"],
        ["x-request-id", "r1"],
      ],
    }),
  );
  // Read as JSON (the contract's parse, a record of headers, has no place for a header named __proto__).
  const record = JSON.parse(made.row.data) as TrafficRecord;
  expect(Object.entries(record.request.headers)).toEqual([
    ["x-long", long.slice(0, 8192)],
    ["__proto__", "p"],
    ["x-twice", "second"],
    ["x-request-id", "r1"],
  ]);
  expect(record.requestId).toBe("r1");
  // A certificate header holding a private key keeps its place, cleaned, apart as ever.
  const entry = await trafficEntryOf(exchange({ requestHeaders: [["tpp-signature-certificate", key]] }));
  expect(entry.certificate?.text).toBe("[private key removed by the sandbox]");
  expect(entry.row.data.slice(entry.certificate?.at, (entry.certificate?.at ?? 0) + 2)).toBe('""');
});
