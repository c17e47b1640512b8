/**
 * The one RSASSA-PKCS1-v1_5 check of a request's signature. WebCrypto wherever the sandbox runs; the
 * standalone server passes node:crypto's synchronous check of the same key (the same OpenSSL underneath,
 * VerifyOptions.rsaVerifier), because WebCrypto's job per call cost a signed read more than the check
 * itself (docs/standalone-server.md, "Throughput"). Both answer false, never throw, for a signature that
 * does not verify.
 */
export type RsaVerifier = (key: CryptoKey, signature: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>) => Promise<boolean> | boolean;

export const webCryptoRsaVerifier: RsaVerifier = (key, signature, data) => globalThis.crypto.subtle.verify({ name: "RSASSA-PKCS1-v1_5" }, key, signature, data);
