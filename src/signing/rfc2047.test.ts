import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeEncodedWords, encodeWord, encodeWordIfNeeded, repairMisreadUtf8 } from "./rfc2047";

describe("RFC 2047 encoded-words", () => {
  it("encodes the worked example of domain-facts §3", () => {
    expect(encodeWord("Test CA Æøå")).toBe("=?utf-8?B?VGVzdCBDQSDDhsO4w6U=?=");
  });

  it("leaves ASCII alone", () => {
    expect(encodeWordIfNeeded('keyId="SN=1,CA=CN=Test"')).toBe('keyId="SN=1,CA=CN=Test"');
  });

  it.each([
    ["=?UTF-8?B?VGVzdCBDQSDDhsO4w6U=?=", "Test CA Æøå"],
    ["=?UTF-8?Q?Test_CA_=C3=86=C3=B8=C3=A5?=", "Test CA Æøå"],
    ["=?ISO-8859-1?Q?Test_CA_=C6=F8=E5?=", "Test CA Æøå"],
    ["=?utf-8?b?VGVzdCBD?= =?utf-8?b?QSDDhsO4w6U=?=", "Test CA Æøå"],
    ["plain text", "plain text"],
  ])("decodes %s", (input, expected) => {
    expect(decodeEncodedWords(input)).toEqual({ ok: true, text: expected });
  });

  it.each(["=?utf-8?B?***?=", "=?koi8-r?B?AAAA?=", "=?utf-8?B?/w==?=", "=?utf-8?X?abc?=", "=?utf-8?Q?a=ZZ?="])("refuses %s", (input) => {
    expect(decodeEncodedWords(input).ok).toBe(false);
  });

  it("repairs UTF-8 read as Latin-1 and leaves real Latin-1 and ASCII alone", () => {
    expect(repairMisreadUtf8("CN=Test CA \u00c3\u0086\u00c3\u00b8\u00c3\u00a5")).toBe("CN=Test CA Æøå");
    expect(repairMisreadUtf8("CN=Test CA Æøå")).toBe("CN=Test CA Æøå");
    expect(repairMisreadUtf8("plain")).toBe("plain");
  });

  it("round-trips any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(decodeEncodedWords(encodeWord(text))).toEqual({ ok: true, text });
      }),
    );
  });
});
