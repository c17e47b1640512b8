import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { diagnosisChoice } from "./sandbox-choices";
import { SANDBOX_ADVICE, SIGNATURE_DIAGNOSIS_HEADER, SignatureDiagnosis, signatureDiagnoses, signatureDiagnosisCodes } from "./signature-diagnoses";

describe("the signature doctor's table", () => {
  it("gives every code a title, a fix and a source: a section of the spec or a standard, or this sandbox's advice", () => {
    for (const code of signatureDiagnosisCodes) {
      const { title, fix, source } = signatureDiagnoses[code];
      expect(title.length, code).toBeGreaterThan(5);
      expect(fix, code).toMatch(/\.$/);
      expect(source, code).toMatch(new RegExp(`^(spec \\d|draft-cavage-10 §|RFC \\d+|Berlin Group|${SANDBOX_ADVICE})`));
    }
  });

  it("labels as the sandbox's choice only codes whose source says so or a decision made it", () => {
    expect(diagnosisChoice("date-stale")?.decision).toBe("0013-replays-and-the-date-window");
    expect(diagnosisChoice("headers-param-not-lowercase")?.decision).toBe("0052-the-signature-doctor");
    expect(diagnosisChoice("signature-other-key")).toBeUndefined();
    expect(diagnosisChoice("toString")).toBeUndefined();
  });

  it("is published: the codes as a component the refusal's header names, the finding as a schema the traffic record reuses", () => {
    const document = buildOpenApiDocument();
    expect(document.components.schemas).toHaveProperty("SignatureDiagnosisCode.enum", signatureDiagnosisCodes);
    expect(document.components.headers[SIGNATURE_DIAGNOSIS_HEADER].schema).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/SignatureDiagnosisCode" },
    });
    expect(SignatureDiagnosis.safeParse({ code: "signing-string-crlf", text: "…" }).success).toBe(true);
    expect(SignatureDiagnosis.safeParse({ code: "no-such-code", text: "…" }).success).toBe(false);
  });
});
