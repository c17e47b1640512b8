import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkDigest, computeDigest, parseDigestHeader } from "./digest";

describe("computeDigest", () => {
  it("digests an absent or empty body as the empty string (BNG, Rabobank, Airlock practice)", async () => {
    const empty256 = "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";
    expect(await computeDigest(undefined)).toBe(empty256);
    expect(await computeDigest("")).toBe(empty256);
    expect(await computeDigest(new Uint8Array(0))).toBe(empty256);
    expect(await computeDigest(undefined, "SHA-512")).toBe("SHA-512=z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==");
  });

  it("hashes strings as UTF-8, the same as the bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary" }), fc.constantFrom("SHA-256", "SHA-512"), async (text, algorithm) => {
        const node = createHash(algorithm === "SHA-256" ? "sha256" : "sha512")
          .update(Buffer.from(text, "utf8"))
          .digest("base64");
        expect(await computeDigest(text, algorithm)).toBe(`${algorithm}=${node}`);
        expect(await computeDigest(new TextEncoder().encode(text), algorithm)).toBe(`${algorithm}=${node}`);
      }),
      { numRuns: 50 },
    );
  });
});

describe("parseDigestHeader", () => {
  it("splits several digests and matches algorithm tokens case-insensitively", () => {
    expect(parseDigestHeader("sha-256=abc=, SHA-512=def==,MD5=x")).toEqual([
      { token: "sha-256", algorithm: "SHA-256", value: "abc=" },
      { token: "SHA-512", algorithm: "SHA-512", value: "def==" },
      { token: "MD5", algorithm: undefined, value: "x" },
    ]);
  });

  it.each(["", " , ", "SHA-256", "=abc"])("refuses %j", (value) => {
    expect(parseDigestHeader(value)).toBeUndefined();
  });
});

describe("checkDigest", () => {
  it("reports expected and received on a mismatch", async () => {
    const result = await checkDigest(await computeDigest("a"), "b");
    expect(result).toEqual({
      ok: false,
      reason: "digest-mismatch",
      algorithm: "SHA-256",
      received: await computeDigest("a"),
      expected: await computeDigest("b"),
      bodyLength: 1,
    });
  });

  it("refuses an unchecked algorithm beside a matching one, and an algorithm listed twice; takes SHA-256 and SHA-512 together", async () => {
    const right = await computeDigest("b");
    expect(await checkDigest(`MD5=HUXZLQLMuI/KZ5KDcJPcOA==, ${right}`, "b")).toMatchObject({
      ok: false,
      reason: "digest-algorithm-unsupported",
      tokens: ["MD5"],
    });
    expect(await checkDigest(`${right},${right}`, "b")).toMatchObject({ ok: false, reason: "digest-algorithm-repeated", algorithm: "SHA-256" });
    expect(await checkDigest(`${right},${await computeDigest("b", "SHA-512")}`, "b")).toEqual({ ok: true, algorithms: ["SHA-256", "SHA-512"] });
  });
});
