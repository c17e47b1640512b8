import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { webCryptoRsaVerifier } from "../../src/signing/index";
import { nodeRsaVerifier } from "./node-rsa-verifier";

const keys = async (hash: "SHA-256" | "SHA-512"): Promise<CryptoKeyPair> =>
  await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash }, true, [
    "sign",
    "verify",
  ]);

describe("the server's RSA check answers as WebCrypto's", () => {
  it.each(["SHA-256", "SHA-512"] as const)("for signatures that verify, tampered ones, other data and bytes of any length (%s)", async (hash) => {
    const pair = await keys(hash);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.uint8Array({ maxLength: 600 }), async (data, flip, junk) => {
        const bytes = new Uint8Array(data);
        const signature = new Uint8Array(await crypto.subtle.sign({ name: "RSASSA-PKCS1-v1_5" }, pair.privateKey, bytes));
        const tampered = new Uint8Array(signature);
        tampered[flip % tampered.length] = (tampered[flip % tampered.length] ?? 0) ^ 1;
        const other = new Uint8Array([...bytes, 1]);
        const cases: [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>][] = [
          [signature, bytes],
          [tampered, bytes],
          [signature, other],
          [new Uint8Array(junk), bytes],
        ];
        for (const [sig, message] of cases) {
          expect(nodeRsaVerifier(pair.publicKey, sig, message)).toBe(await webCryptoRsaVerifier(pair.publicKey, sig, message));
        }
        expect(nodeRsaVerifier(pair.publicKey, signature, bytes)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});
