import { describe, expect, it } from "vitest";
import { DIGEST_ALGORITHMS, computeDigest } from "../../src/signing/digest";
import { nodeBodyHasher } from "./node-body-hasher";

describe("the server's body hash", () => {
  it("gives the Digest WebCrypto gives, for each algorithm and for bodies of every size class", async () => {
    const bodies = ['{"a":1}', "æøå €", "x".repeat(70_000)];
    for (const algorithm of DIGEST_ALGORITHMS)
      for (const body of bodies) expect(await computeDigest(body, algorithm, nodeBodyHasher)).toBe(await computeDigest(body, algorithm));
  });

  it('gives RFC 6234\'s SHA-256 of "abc"', async () => {
    expect(await computeDigest("abc", "SHA-256", nodeBodyHasher)).toBe("SHA-256=ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
  });
});
