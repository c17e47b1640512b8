/**
 * node:crypto's synchronous RSASSA-PKCS1-v1_5 check, for the server (src/signing/rsa-verifier.ts):
 * the same key and answer as WebCrypto's, without a job on the thread pool per request.
 */
import { KeyObject, verify } from "node:crypto";
import type { RsaVerifier } from "../../src/signing/index";

/** The imported CryptoKeys are cached per certificate (verify-steps.ts), so their KeyObjects are too. */
const keyObjects = new WeakMap<CryptoKey, { key: KeyObject; hash: string }>();

function keyObjectOf(key: CryptoKey): { key: KeyObject; hash: string } {
  const known = keyObjects.get(key);
  if (known) return known;
  const algorithm = key.algorithm as RsaHashedKeyAlgorithm;
  const made = { key: KeyObject.from(key), hash: algorithm.hash.name.replace("-", "").toLowerCase() };
  keyObjects.set(key, made);
  return made;
}

export const nodeRsaVerifier: RsaVerifier = (key, signature, data) => {
  const { key: keyObject, hash } = keyObjectOf(key);
  try {
    return verify(hash, data, keyObject, signature);
  } catch {
    return false; // a signature OpenSSL cannot even read (wrong length) does not verify, as in WebCrypto
  }
};
