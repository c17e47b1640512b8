import { describe, expect, test } from "vitest";
import { compareLines, rebuiltSigningString, signatureParts } from "./signature-parts";

describe("inspector helpers", () => {
  test("splits a Signature header into its parameters", () => {
    expect(signatureParts('keyId="SN=1A,CA=CN=Test",algorithm="rsa-sha256",headers="digest x-request-id",signature="abc=="')).toEqual([
      ["keyId", "SN=1A,CA=CN=Test"],
      ["algorithm", "rsa-sha256"],
      ["headers", "digest x-request-id"],
      ["signature", "abc=="],
    ]);
  });
  test("marks the lines that differ between what was signed and what the server rebuilt", () => {
    const rows = compareLines("digest: A\nx-request-id: 1", "digest: A\nx-request-id: 2\npsu-id: 3");
    expect(rows.map((row) => row.same)).toEqual([true, false, false]);
    expect(rows[2]).toEqual({ line: "", other: "psu-id: 3", same: false });
  });
  test("says where the first difference starts, on the first differing line only", () => {
    const rows = compareLines("digest: A\nx-request-id: 1234\npsu-id: 5", "digest: A\nx-request-id: 1299\npsu-id: 6");
    expect(rows.map((row) => row.firstDifferenceAt)).toEqual([undefined, 16, undefined]);
    expect(compareLines("a", "a\nb")[1]?.firstDifferenceAt).toBe(0);
    expect(compareLines("same", "same").every((row) => row.same && row.firstDifferenceAt === undefined)).toBe(true);
  });
  test("decodes the sandbox's rebuilt signing string, unicode included", () => {
    const text = "digest: SHA-256=x\nx-request-id: ø";
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(text)));
    expect(rebuiltSigningString({ "x-sandbox-signing-string": encoded })).toBe(text);
    expect(rebuiltSigningString({ "x-sandbox-signing-string": "%%%" })).toBeUndefined();
    expect(rebuiltSigningString({})).toBeUndefined();
  });
});
