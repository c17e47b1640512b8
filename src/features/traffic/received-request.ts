/** Facts about a received request the Traffic view shows: its headers by name, what its signature covers, its digest. */
import type { TrafficRecord } from "../../contract/traffic";
import { signatureParts } from "../../components/signature-parts";

/** A header's value whatever the case of its name (a server keeps them in lower case, the portal in the contract's). */
export function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.entries(headers).find(([other]) => other.toLowerCase() === lower)?.[1];
}

/** The headers the Signature header lists, in lower case. */
export function signedHeaders(headers: Record<string, string>): string[] {
  const signature = headerOf(headers, "signature");
  const listed = signature === undefined ? undefined : signatureParts(signature).find(([name]) => name === "headers")?.[1];
  return listed === undefined ? [] : listed.toLowerCase().split(/\s+/).filter(Boolean);
}

export interface DigestCheck {
  sent: string | undefined;
  received: string | undefined;
  /** Whether the SHA-256 Digest sent is the body's as received; undefined when they cannot be compared. */
  verdict: "matches" | "differs" | undefined;
}

/** The Digest sent against the SHA-256 of the body as the sandbox received it (the record's bodyDigest). */
export function digestCheck(record: Pick<TrafficRecord, "request" | "bodyDigest">): DigestCheck | undefined {
  const sent = headerOf(record.request.headers, "digest");
  const received = record.bodyDigest;
  if (sent === undefined && received === undefined) return undefined;
  const sha256 = sent
    ?.split(",")
    .map((part) => part.trim())
    .find((part) => /^sha-256=/i.test(part));
  const verdict = sha256 === undefined || received === undefined ? undefined : sha256.slice(8) === received.slice(8) ? "matches" : "differs";
  return { sent, received, verdict };
}
