import { toBase64, utf8Bytes } from "../bytes";
import { computeDigest } from "../digest";
import { withHeader } from "../headers";
import { readPemBlocks } from "../pem";
import { formatSignatureHeader } from "../signature-header";
import { buildSigningString } from "../signing-string";
import type { TestCertificate } from "../test-certificate";
import type { SignableRequest } from "../types";

// Requests signed the wrong way on purpose, each the way a TPP's code gets it wrong: the signature
// doctor's tests plant one mistake at a time with the project's own signing pieces.

export interface Plant {
  /** The headers parameter as sent (default: the lower-case list signed). */
  readonly list?: readonly string[];
  /** The names whose lines are signed (default: the list). */
  readonly signed?: readonly string[];
  /** Rewrites the signing string before it is signed. */
  readonly edit?: (signingString: string) => string;
  /** The algorithm parameter (default rsa-sha256). */
  readonly algorithm?: string;
  /** The key that signs (default the certificate's) and how. */
  readonly key?: CryptoKey;
  readonly scheme?: { name: "RSASSA-PKCS1-v1_5" } | { name: "RSA-PSS"; saltLength: number };
  /** The Digest header sent (default: of the body). */
  readonly digest?: string;
  /** The keyId sent (default the certificate's). */
  readonly keyId?: string;
}

export const DEFAULT_LIST = ["digest", "x-request-id", "psu-id", "tpp-redirect-uri"];

/** `request` with Digest, Signature and TPP-Signature-Certificate made as `plant` says. */
export async function planted(tpp: TestCertificate, request: SignableRequest, plant: Plant = {}): Promise<SignableRequest> {
  const headers = withHeader(request.headers, "Digest", plant.digest ?? (await computeDigest(request.body)));
  const list = plant.list ?? DEFAULT_LIST;
  const signingString = buildSigningString(plant.signed ?? list, { ...request, headers });
  const bytes = utf8Bytes(plant.edit ? plant.edit(signingString) : signingString);
  const signature = await globalThis.crypto.subtle.sign(plant.scheme ?? { name: "RSASSA-PKCS1-v1_5" }, plant.key ?? tpp.privateKey, bytes);
  const value = formatSignatureHeader({
    keyId: plant.keyId ?? tpp.certificate.keyId,
    algorithm: plant.algorithm ?? "rsa-sha256",
    headers: list,
    signature: toBase64(signature),
  });
  return {
    ...request,
    headers: { ...headers, Signature: value, "TPP-Signature-Certificate": tpp.certificate.base64Der },
  };
}

/** A private key of the certificate's own key pair for another scheme or hash (test certificates keep only a non-extractable one). */
export async function importAs(tpp: TestCertificate, algorithm: RsaHashedImportParams): Promise<CryptoKey> {
  const pem = readPemBlocks(tpp.privateKeyPkcs8Pem);
  if (!pem.ok || !pem.blocks[0]) throw new Error("The test certificate's key is not PEM.");
  return globalThis.crypto.subtle.importKey("pkcs8", pem.blocks[0].der, algorithm, false, ["sign"]);
}
