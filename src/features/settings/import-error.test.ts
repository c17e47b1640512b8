import { describe, expect, it } from "vitest";
import { placeImportError } from "./import-error";

function certificateError(code: string, message: string): Error {
  return Object.assign(new Error(message), { name: "CertificateError", code });
}

describe("placeImportError", () => {
  it("puts certificate problems at the certificate", () => {
    expect(placeImportError(certificateError("certificate-malformed", "The certificate could not be read: it is empty.")).field).toBe("certificatePem");
    expect(placeImportError(certificateError("key-unsupported", "The certificate's public key is ECDSA P-256, not RSA.")).field).toBe("certificatePem");
  });

  it("puts key problems at the key", () => {
    for (const code of ["key-malformed", "key-encrypted", "key-mismatch"]) expect(placeImportError(certificateError(code, "x")).field).toBe("privateKeyPem");
    expect(placeImportError(certificateError("key-unsupported", "This is an EC key; rsa-sha256 signatures need an RSA key.")).field).toBe("privateKeyPem");
  });

  it("keeps the library's message", () => {
    expect(placeImportError(certificateError("key-mismatch", "The private key does not belong to the certificate.")).message).toBe(
      "The private key does not belong to the certificate.",
    );
  });

  it("puts anything else on the form, saying nothing was imported", () => {
    expect(placeImportError(new Error("QuotaExceededError"))).toEqual({ field: undefined, message: "The certificate was not imported: QuotaExceededError" });
    expect(placeImportError("odd").message).toMatch(/odd/);
  });
});
