import { bodyBytes } from "./digest";
import { hasHeader } from "./headers";
import type { SignableRequest } from "./types";

// Which headers must be in the signed list (spec §5.4; BG IG §12.2, domain-facts §2.2).

export interface SignedHeaderPolicy {
  /** Must be signed on every request. */
  readonly always: readonly string[];
  /** Must be signed whenever the request carries them; "digest" counts as carried when there is a body. */
  readonly whenPresent: readonly string[];
}

/** Order used when signing by default: the order of spec §5.4 with digest and x-request-id first, as in the BG example. */
export const DEFAULT_SIGNED_HEADER_ORDER = ["digest", "x-request-id", "psu-id", "psu-corporate-id", "tpp-redirect-uri", "date"] as const;

export const BERLIN_GROUP_POLICY: SignedHeaderPolicy = {
  always: ["x-request-id"],
  whenPresent: ["digest", "psu-id", "psu-corporate-id", "tpp-redirect-uri", "date"],
};

export function isCarried(name: string, request: Pick<SignableRequest, "headers" | "body">): boolean {
  const lower = name.toLowerCase();
  if (lower === "digest" && bodyBytes(request.body).length > 0) return true;
  return hasHeader(request.headers, lower);
}

/** digest and x-request-id, then each optional header the request carries, in DEFAULT_SIGNED_HEADER_ORDER. */
export function defaultSignedHeaders(request: Pick<SignableRequest, "headers">): string[] {
  return DEFAULT_SIGNED_HEADER_ORDER.filter((name) => name === "digest" || name === "x-request-id" || hasHeader(request.headers, name));
}

export interface UnsignedRequirement {
  readonly name: string;
  /** False when the header is required always but the request does not carry it at all. */
  readonly onRequest: boolean;
}

/** The first header the policy requires that the signed list lacks, if any. */
export function firstUnsignedRequirement(
  policy: SignedHeaderPolicy,
  request: Pick<SignableRequest, "headers" | "body">,
  signed: readonly string[],
): UnsignedRequirement | undefined {
  const signedSet = new Set(signed.map((h) => h.toLowerCase()));
  for (const name of policy.always.map((h) => h.toLowerCase())) {
    if (!signedSet.has(name)) return { name, onRequest: isCarried(name, request) };
  }
  for (const name of policy.whenPresent.map((h) => h.toLowerCase())) {
    if (!signedSet.has(name) && isCarried(name, request)) return { name, onRequest: true };
  }
  return undefined;
}
