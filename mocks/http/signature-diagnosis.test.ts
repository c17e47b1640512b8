/** The doctor at the edge: bounded in how many run at once, and its refusal's words and header. */
import { describe, expect, test } from "vitest";
import { SignatureDiagnosis } from "../../src/contract/signature-diagnoses";
import { TrafficRecord } from "../../src/contract/traffic";
import { generateTestCertificate, verifyRequest, type VerifyFailure } from "../../src/signing/index";
import { planted } from "../../src/signing/test-fixtures/planted-mistakes";
import { PAYMENT_REQUEST } from "../../src/signing/test-fixtures/signed-request";
import { diagnosisHeader, examineRefusal, MAX_DIAGNOSES_AT_ONCE, refusalText } from "./signature-diagnosis";

describe("examineRefusal", () => {
  test(`at most ${String(MAX_DIAGNOSES_AT_ONCE)} diagnoses at once: a refusal past them keeps the verifier's reason; later ones are diagnosed again`, async () => {
    const tpp = await generateTestCertificate();
    const request = await planted(tpp, PAYMENT_REQUEST, { edit: (s) => s.replace(/\n/g, "\r\n") });
    const failure = (await verifyRequest(request)) as VerifyFailure;
    expect(failure).toMatchObject({ ok: false, reason: "signature-mismatch" });
    const now = new Date();
    const burst = await Promise.all(Array.from({ length: MAX_DIAGNOSES_AT_ONCE * 2 }, () => examineRefusal(failure, request, now)));
    const firsts = burst.map((examination) => examination.diagnosis[0]?.code);
    expect(firsts.filter((code) => code === "signing-string-crlf")).toHaveLength(MAX_DIAGNOSES_AT_ONCE);
    expect(firsts.filter((code) => code === "signature-mismatch")).toHaveLength(MAX_DIAGNOSES_AT_ONCE);
    const later = await examineRefusal(failure, request, now);
    expect(later.diagnosis[0]?.code).toBe("signing-string-crlf");
    // What a traffic record keeps: the rebuilt string and the body's digest as received.
    expect(later.signingString).toBe(failure.signingString);
    expect(later.bodyDigest).toMatch(/^SHA-256=[A-Za-z0-9+/]{43}=$/);
    expect(TrafficRecord.pick({ diagnosis: true, signingString: true, bodyDigest: true }).strict().safeParse(later).success).toBe(true);
    for (const finding of later.diagnosis) expect(SignatureDiagnosis.safeParse(finding).success).toBe(true);
    expect(diagnosisHeader(later)).toEqual({ "X-Sandbox-Signature-Diagnosis": "signing-string-crlf" });
    // The doctor's words, then the string the sandbox rebuilt (the header has it whole).
    expect(refusalText(later, failure)).toMatch(/^The signature was made over lines ended with CRLF.*Signing string rebuilt by the sandbox:\ndigest: /s);
  });
});
