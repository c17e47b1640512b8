/** Small decisions about stored certificates: which one signs, whether it is valid, file names. */

import { pickActive } from "../../lib/credentials";

/** The id of the credential that signs, as `activeCredential` picks it. */
export const signingCredentialId = (credentials: readonly { id: string }[], chosenId: string | null): string | undefined =>
  pickActive(credentials, chosenId)?.id;

export type Validity = "valid" | "expired" | "not yet valid";

/** Judged at `now`: the sandbox's clock, which decides CERTIFICATE_EXPIRED. */
export function validityAt(certificate: { notBefore: Date; notAfter: Date }, now: Date): Validity {
  if (now.getTime() > certificate.notAfter.getTime()) return "expired";
  if (now.getTime() < certificate.notBefore.getTime()) return "not yet valid";
  return "valid";
}

/** "Fjordpay Test AS" → "Fjordpay-Test-AS": safe on every file system, still recognisable. */
export function fileStem(label: string): string {
  const stem = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[æÆ]/g, (letter) => (letter === "æ" ? "ae" : "AE"))
    .replace(/[øØ]/g, (letter) => (letter === "ø" ? "o" : "O"))
    .replace(/[^\w.-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 64);
  return stem || "certificate";
}

export const keyFileName = (label: string) => `${fileStem(label)}-private-key.pem`;
export const certificateFileName = (label: string) => `${fileStem(label)}-certificate.pem`;

/** Dates as the portal shows them: UTC, to the minute, unambiguous for a developer anywhere. */
export function formatInstant(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
