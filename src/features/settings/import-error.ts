/** Where an import failure belongs: the certificate field, the key field, or the form as a whole. */

export type ImportField = "certificatePem" | "privateKeyPem";

export interface PlacedError {
  field: ImportField | undefined;
  message: string;
}

/**
 * src/signing throws a CertificateError with a code; the class itself stays behind the lazy
 * import, so it is recognised by its name and code rather than with instanceof.
 */
export function placeImportError(error: unknown): PlacedError {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof Error && error.name === "CertificateError" ? (error as Error & { code?: unknown }).code : undefined;
  switch (code) {
    case "certificate-malformed":
      return { field: "certificatePem", message };
    case "key-unsupported":
      // Raised for the certificate's own key too ("The certificate's public key is ECDSA …").
      return { field: message.startsWith("The certificate") ? "certificatePem" : "privateKeyPem", message };
    case "key-malformed":
    case "key-encrypted":
    case "key-mismatch":
      return { field: "privateKeyPem", message };
    default:
      return { field: undefined, message: `The certificate was not imported: ${message}` };
  }
}
