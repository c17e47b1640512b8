import { describe, expect, it } from "vitest";
import { computeDigest, useBodyHasher, webCryptoHasher } from "../../src/signing/digest";
import { DIGEST_ALGORITHMS } from "../../src/signing/digest";
import { nodeBodyHasher } from "./node-body-hasher";

describe("the server's body hash", () => {
  it("gives the Digest WebCrypto gives, for each algorithm and for bodies of every size class", async () => {
    const bodies = ['{"a":1}', "æøå €", "x".repeat(70_000)];
    for (const algorithm of DIGEST_ALGORITHMS)
      for (const body of bodies) {
        useBodyHasher(webCryptoHasher);
        const expected = await computeDigest(body, algorithm);
        useBodyHasher(nodeBodyHasher);
        const actual = await computeDigest(body, algorithm);
        useBodyHasher(webCryptoHasher);
        expect(actual).toBe(expected);
      }
  });

  it('gives RFC 6234\'s SHA-256 of "abc"', async () => {
    useBodyHasher(nodeBodyHasher);
    try {
      expect(await computeDigest("abc")).toBe("SHA-256=ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
    } finally {
      useBodyHasher(webCryptoHasher);
    }
  });
});
