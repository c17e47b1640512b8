import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDistinguishedName, parseDistinguishedName, percentDecode, sameDistinguishedName, type DistinguishedName } from "./distinguished-name";

const dn = (text: string, percentDecoding = false): DistinguishedName => {
  const result = parseDistinguishedName(text, { percentDecoding });
  if (!result.ok) throw new Error(result.message);
  return result.dn;
};

describe("parseDistinguishedName", () => {
  it("reads types as OIDs, keeping the written order", () => {
    expect(dn("CN=Test TPP,organizationIdentifier=PSDNO-FSA-1,O=TPP AS,C=NO")).toEqual([
      [{ type: "2.5.4.3", value: "Test TPP" }],
      [{ type: "2.5.4.97", value: "PSDNO-FSA-1" }],
      [{ type: "2.5.4.10", value: "TPP AS" }],
      [{ type: "2.5.4.6", value: "NO" }],
    ]);
  });

  it.each([
    ["CN=Foo\\, Bar,O=X", "Foo, Bar"],
    ['CN="Foo, Bar";O=X', "Foo, Bar"],
    ["CN=\\C3\\86ser,O=X", "Æser"],
    ["CN=  padded  ,O=X", "padded"],
    ["CN=trailing\\ ,O=X", "trailing "],
    ["CN=#0403414243,O=X", "#0403414243"],
  ])("unescapes %s", (text, value) => {
    expect(dn(text)[0]).toEqual([{ type: "2.5.4.3", value }]);
  });

  it("reads multi-valued RDNs joined by +", () => {
    expect(dn("CN=A+UID=b,C=NO")[0]).toEqual([
      { type: "2.5.4.3", value: "A" },
      { type: "0.9.2342.19200300.100.1.1", value: "b" },
    ]);
  });

  it("percent-decodes values when asked, as in the Berlin Group and BBVA examples", () => {
    expect(dn("CN=D-TRUST%20CA%202-1%202015,O=D-Trust%20GmbH%2C%20Berlin,C=DE", true)).toEqual(dn("CN=D-TRUST CA 2-1 2015,O=D-Trust GmbH\\, Berlin,C=DE"));
    expect(dn("CN%3DTest%2CC%3DNO", true)).toEqual(dn("CN=Test,C=NO"));
    expect(percentDecode("100%zz %C3%86")).toBe("100%zz Æ");
  });

  it.each(["", "CN", "FOO=bar", "CN=a,", 'CN="open', "CN=bad\\"])("refuses %j", (text) => {
    expect(parseDistinguishedName(text).ok).toBe(false);
  });
});

describe("sameDistinguishedName", () => {
  const issuer = dn("CN=Test CA Æøå,O=Bank ASA,C=NO");
  it.each([
    "CN=Test CA Æøå,O=Bank ASA,C=NO",
    "C=NO, O=Bank ASA, CN=Test CA Æøå",
    "cn=test ca æøå, o=BANK  ASA, c=no",
    "2.5.4.3=Test CA Æøå,OID.2.5.4.10=Bank ASA,countryName=NO",
  ])("matches %s", (text) => {
    expect(sameDistinguishedName(dn(text), issuer)).toBe(true);
  });

  it.each(["CN=Test CA,O=Bank ASA,C=NO", "O=Bank ASA,CN=Test CA Æøå,C=NO", "CN=Test CA Æøå,O=Bank ASA", "OU=Test CA Æøå,O=Bank ASA,C=NO"])(
    "does not match %s",
    (text) => {
      expect(sameDistinguishedName(dn(text), issuer)).toBe(false);
    },
  );
});

describe("formatDistinguishedName", () => {
  it("escapes RFC 4514 specials and round-trips through the parser", () => {
    const value = fc.string({ unit: "binary", minLength: 1, maxLength: 20 }).filter((v) => v.trim() === v && !v.startsWith("#") && !/\s{2}/.test(v));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("2.5.4.3", "2.5.4.10", "2.5.4.97", "1.2.3.4"), value), { minLength: 1, maxLength: 4 }), (attrs) => {
        const original = attrs.map(([type, v]) => [{ type, value: v }]);
        expect(dn(formatDistinguishedName(original))).toEqual(original);
      }),
    );
  });

  it("prints organizationIdentifier by name and unknown types as OIDs", () => {
    expect(formatDistinguishedName([[{ type: "2.5.4.97", value: "PSDNO-FSA-1" }], [{ type: "1.2.3.4", value: "a+b" }]])).toBe(
      "organizationIdentifier=PSDNO-FSA-1,1.2.3.4=a\\+b",
    );
  });
});
