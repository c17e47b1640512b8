/**
 * Who a TPP is in hosted mode: its certificate's organizationIdentifier (ETSI TS 119 495, the PSD2
 * authorisation number: stable across a TPP's certificate renewals), or the certificate's SHA-256
 * fingerprint when it has none. The tenant's key is a hash of that: it names the tenant in
 * PostgreSQL (a schema), in bank-page links and in logs, so no TPP-chosen text reaches SQL or a URL.
 */
import { tppIdOf } from "../../http/tpp-identity";

export interface TenantIdentity {
  /** "org:PSDNO-FSA-123456789" or "sha256:<fingerprint of the certificate's DER>": what an operator reads. */
  id: string;
  /** 24 hex digits of SHA-256(id): the schema suffix, the bank link's tenant, the log's tenant. */
  key: string;
}

/** Tenant keys are all this shape: anything else in a link or a name is no tenant's. */
export const TENANT_KEY = /^[0-9a-f]{24}$/;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

export async function tenantKeyOf(id: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(id))).slice(0, 24);
}

/** The tenant of a verified certificate: its subject, and the SHA-256 of its DER (one DER element, nothing around it: decision 0045). */
export async function tenantOf(certificate: { certificateSha256: string; subject: string }): Promise<TenantIdentity> {
  const id = tppIdOf(certificate);
  return { id, key: await tenantKeyOf(id) };
}
