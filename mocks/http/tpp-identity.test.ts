import { describe, expect, test } from "vitest";
import { tppIdOf } from "./tpp-identity";

const fingerprint = "ab".repeat(32);

describe("who a TPP is: its certificate's organizationIdentifier, else the certificate's fingerprint", () => {
  test("a certificate with an organizationIdentifier is that organisation, whatever else its subject says", () => {
    expect(tppIdOf({ certificateSha256: fingerprint, subject: "CN=Test TPP, 2.5.4.97=PSDNO-FSA-123456789, O=Test AS, C=NO" })).toBe("org:PSDNO-FSA-123456789");
  });

  test("one without is its certificate, by the SHA-256 of its DER", () => {
    expect(tppIdOf({ certificateSha256: fingerprint, subject: "CN=Test TPP, O=Test AS, C=NO" })).toBe(`sha256:${fingerprint}`);
  });
});
