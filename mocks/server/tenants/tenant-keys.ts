/**
 * Trust on first use for hosted tenants (decision 0039, amendment): the sandbox accepts any
 * well-formed certificate, so anyone can make one naming another TPP's organizationIdentifier. The
 * first certificate that reaches a tenant binds it to its public key (SHA-256 of the
 * SubjectPublicKeyInfo, so a renewal over the same key needs nothing); later requests must be
 * signed with a bound key, and a bound key adds or removes the others.
 */
import { MAX_TENANT_KEYS, type TenantKeys } from "../../../src/contract/control-schemas";
import { fingerprintsOf, loadCertificate } from "../../../src/signing/certificate";
import { checkStrength } from "../../../src/signing/certificate-strength";
import type { TenantKeyControls } from "../../env/sandbox-env";
import { answer, failure, type Answer } from "../../env/answer";
import { tenantOf, type TenantIdentity } from "./tenant-identity";

export interface BoundKey {
  spkiSha256: string;
  /** The subject of the certificate that brought the key: what a TPP recognises in the list. */
  subject: string;
  /** Real time, epoch ms. */
  boundAt: number;
}

/** One tenant's bound keys, kept beside its sandbox but apart from its data: export, import, reset and initialize never touch them. */
export interface KeyBindings {
  list(): Promise<BoundKey[]>;
  /** Binds `first` if the tenant has no key yet, atomically across processes (the first commit wins); the keys after. */
  bindFirst(first: BoundKey): Promise<BoundKey[]>;
  add(key: BoundKey, max: number): Promise<"added" | "known" | "full">;
  remove(spkiSha256: string): Promise<"removed" | "unknown" | "last">;
}

/** A request signed with a key the tenant is not bound to: answered 401 CERTIFICATE_INVALID, nothing done. */
export class TenantKeyUnbound extends Error {
  override readonly name = "TenantKeyUnbound";
}

/** Binds the tenant on first use, then lets only its bound keys in (throws TenantKeyUnbound). */
export async function admitKey(bindings: KeyBindings, tenant: TenantIdentity, signer: BoundKey): Promise<void> {
  const keys = await bindings.list();
  const bound = keys.length > 0 ? keys : await bindings.bindFirst(signer);
  if (bound.some((key) => key.spkiSha256 === signer.spkiSha256)) return;
  const since = new Date(Math.min(...bound.map((key) => key.boundAt))).toISOString();
  throw new TenantKeyUnbound(
    `This organizationIdentifier's sandbox (${tenant.id}) is bound to another key since ${since}; sign with that certificate, or add this certificate's key ` +
      `(SHA-256 of its SubjectPublicKeyInfo ${signer.spkiSha256}) with POST /__sandbox/tenant/keys signed by a bound one.`,
  );
}

const listed = (keys: BoundKey[]): TenantKeys => ({ keys: keys.map((key) => ({ ...key, boundAt: new Date(key.boundAt).toISOString() })) });
const refuse = (text: string) => failure("FORMAT_ERROR", text, "certificate");

/** Why this certificate's key cannot join the tenant `tenantKey`, or its key. */
async function newKey(tenantKey: string, certificate: string, now: number): Promise<BoundKey | Answer> {
  const loaded = loadCertificate(certificate);
  if (!loaded.ok) return refuse(`certificate is not a certificate: ${loaded.message}.`);
  const { summary } = loaded.certificate;
  const weak = checkStrength(loaded.certificate);
  if (weak) return refuse(weak.text);
  if (!summary.publicKeyAlgorithm.startsWith("RSA "))
    return refuse(`The certificate has a ${summary.publicKeyAlgorithm} key; requests are signed rsa-sha256, so it could never sign one.`);
  if (summary.notAfter.getTime() <= now) return refuse(`The certificate expired at ${summary.notAfter.toISOString()}.`);
  const fingerprints = await fingerprintsOf(loaded.certificate);
  const its = await tenantOf({ certificateSha256: fingerprints.certificateSha256, subject: summary.subject });
  if (its.key !== tenantKey)
    return refuse(
      its.id.startsWith("org:")
        ? `The certificate names ${its.id}, not this sandbox's organizationIdentifier: a key joins the sandbox of the same organizationIdentifier only.`
        : "The certificate has no organizationIdentifier, so it has a sandbox of its own (keyed by its fingerprint) and joins no other.",
    );
  return { spkiSha256: fingerprints.spkiSha256, subject: summary.subject, boundAt: now };
}

/** The tenant-key control routes of one tenant's sandbox. */
export function tenantKeyControls(bindings: KeyBindings, tenantKey: string, now: () => number): TenantKeyControls {
  return {
    list: async () => answer(200, listed(await bindings.list())),
    async add(certificate) {
      const key = await newKey(tenantKey, certificate, now());
      if (!("spkiSha256" in key)) return key;
      if ((await bindings.add(key, MAX_TENANT_KEYS)) === "full")
        return failure(
          "CONFLICT",
          `This sandbox has its maximum of ${String(MAX_TENANT_KEYS)} keys; remove one first (POST /__sandbox/tenant/keys/{spkiSha256}/remove).`,
        );
      return answer(200, listed(await bindings.list()));
    },
    async remove(spkiSha256) {
      const removed = await bindings.remove(spkiSha256);
      if (removed === "unknown") return failure("RESOURCE_UNKNOWN", `No key ${spkiSha256} is bound to this sandbox.`, "spkiSha256");
      if (removed === "last")
        return failure("CONFLICT", "That is this sandbox's last key: add the key that replaces it first, or the sandbox could be reached by no certificate.");
      return answer(200, listed(await bindings.list()));
    },
  };
}

/** In memory, in this process: the tenant's sandbox is an in-memory database here too. */
export function memoryKeyBindings(): KeyBindings {
  const keys: BoundKey[] = [];
  return {
    list: () => Promise.resolve([...keys]),
    bindFirst(first) {
      if (keys.length === 0) keys.push(first);
      return Promise.resolve([...keys]);
    },
    add(key, max) {
      if (keys.some((known) => known.spkiSha256 === key.spkiSha256)) return Promise.resolve("known");
      if (keys.length >= max) return Promise.resolve("full");
      keys.push(key);
      return Promise.resolve("added");
    },
    remove(spkiSha256) {
      const at = keys.findIndex((key) => key.spkiSha256 === spkiSha256);
      if (at < 0) return Promise.resolve("unknown");
      if (keys.length === 1) return Promise.resolve("last");
      keys.splice(at, 1);
      return Promise.resolve("removed");
    },
  };
}
