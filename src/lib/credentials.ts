/**
 * Signing credentials of the portal: test certificates made in the browser, or imported ones.
 * The certificate code (src/signing/x509.ts and its ASN.1 schemas) loads only when a credential is used.
 */
import { getSettings, updateSettings } from "./settings";
import { portalDb, type StoredCredential } from "./portal-db";

const signing = () => import("../signing/index");

export interface NewCredential {
  credential: StoredCredential;
  /** The private key as PKCS#8 PEM: offered for download this once, never stored. */
  privateKeyPem: string;
}

export async function listCredentials(): Promise<StoredCredential[]> {
  return (await portalDb()).getAllFromIndex("credentials", "createdAt");
}

export interface GenerateCredentialOptions {
  tppName: string;
  organizationName?: string | undefined;
  organizationId?: string | undefined;
  validityDays?: number | undefined;
}

export async function generateCredential(options: GenerateCredentialOptions, source: "generated" | "automatic" = "generated"): Promise<NewCredential> {
  const { generateTestCertificate } = await signing();
  const made = await generateTestCertificate({
    tppName: options.tppName,
    ...(options.organizationName ? { organizationName: options.organizationName } : {}),
    ...(options.organizationId ? { organizationId: options.organizationId } : {}),
    ...(options.validityDays ? { validityDays: options.validityDays } : {}),
  });
  const credential: StoredCredential = {
    id: crypto.randomUUID(),
    label: options.tppName,
    certificatePem: made.certificatePem,
    privateKey: made.privateKey,
    source,
    createdAt: Date.now(),
  };
  await (await portalDb()).put("credentials", credential);
  return { credential, privateKeyPem: made.privateKeyPkcs8Pem };
}

/** Imports a PEM certificate and its PKCS#8 key; throws with a message that names the problem. */
export async function importCredential(label: string, certificatePem: string, privateKeyPem: string): Promise<StoredCredential> {
  const { importCertificateAndKey } = await signing();
  const { privateKey, certificate } = await importCertificateAndKey(certificatePem, privateKeyPem);
  const credential: StoredCredential = {
    id: crypto.randomUUID(),
    label: label.trim() || certificate.subject,
    certificatePem: certificate.pem,
    privateKey,
    source: "imported",
    createdAt: Date.now(),
  };
  await (await portalDb()).put("credentials", credential);
  return credential;
}

export async function deleteCredential(id: string): Promise<void> {
  await (await portalDb()).delete("credentials", id);
  if (getSettings().credentialId === id) updateSettings({ credentialId: null });
}

/** The credential that signs: the one chosen in settings, else the newest (`all` oldest first). */
export function pickActive<T extends { id: string }>(all: readonly T[], chosenId: string | null): T | undefined {
  return all.find((credential) => credential.id === chosenId) ?? all[all.length - 1];
}

let firstRun: Promise<StoredCredential> | undefined;

/**
 * The credential that signs requests: the one chosen in settings, else the newest, else a test
 * certificate made now (so the very first request is signed; its key is downloadable from Settings
 * only as long as the portal has it, i.e. never: generated keys are non-extractable).
 */
export async function activeCredential(): Promise<StoredCredential> {
  const chosen = pickActive(await listCredentials(), getSettings().credentialId);
  if (chosen) return chosen;
  // Shared while it is being made (two sends at once make one), forgotten once stored: if it is deleted later, the next send makes another.
  firstRun ??= generateCredential({ tppName: "Sandbox TPP" }, "automatic")
    .then(({ credential }) => {
      updateSettings({ credentialId: credential.id });
      return credential;
    })
    .finally(() => {
      firstRun = undefined;
    });
  return firstRun;
}

export async function describeCredential(credential: StoredCredential) {
  const { parseCertificate } = await signing();
  return parseCertificate(credential.certificatePem);
}
