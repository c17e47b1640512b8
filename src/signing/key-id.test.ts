import { describe, expect, it } from "vitest";
import { parseDistinguishedName } from "./distinguished-name";
import { compareKeyId, formatKeyId, normaliseSerial, parseKeyId } from "./key-id";

const issuer = "CN=Test CA,O=Bank,C=NO";
const issuerDn = (() => {
  const r = parseDistinguishedName(issuer);
  if (!r.ok) throw new Error(r.message);
  return r.dn;
})();

describe("normaliseSerial", () => {
  it.each([
    ["00e8b5", "E8B5"],
    ["0xE8B5", "E8B5"],
    ["e8:b5", "E8B5"],
    ["000", "0"],
  ])("%s → %s", (input, expected) => {
    expect(normaliseSerial(input)).toBe(expected);
  });

  it("refuses non-hex", () => {
    expect(normaliseSerial("12G4")).toBeUndefined();
  });
});

describe("keyId", () => {
  it("formats SN=<hex>,CA=<issuer>", () => {
    expect(formatKeyId("00a1", issuer)).toBe("SN=A1,CA=CN=Test CA,O=Bank,C=NO");
  });

  it("parses the Berlin Group example", () => {
    const parsed = parseKeyId("SN=9FA1,CA=CN=D-TRUST%20CA%202-1%202015,O=D-Trust%20GmbH,C=DE");
    expect(parsed).toMatchObject({
      ok: true,
      keyId: { serial: "9FA1", issuer: [[{ value: "D-TRUST CA 2-1 2015" }], [{ value: "D-Trust GmbH" }], [{ value: "DE" }]] },
    });
  });

  it.each(["Test", "CA=CN=x,SN=1", "SN=xyz,CA=CN=x", "SN=1,CA=", "SN=1"])("refuses %j", (keyId) => {
    expect(parseKeyId(keyId).ok).toBe(false);
  });

  it("names a byte-reversed serial, as BNG's sandbox example has it", () => {
    const parsed = parseKeyId(`SN=3F4129D95540B5E800,CA=${issuer}`);
    if (!parsed.ok) throw new Error(parsed.message);
    const result = compareKeyId(parsed.keyId, { serialNumber: "E8B54055D929413F", issuer, issuerDn });
    expect(result).toMatchObject({ ok: false, reason: "keyid-serial-mismatch" });
    if (!result.ok) expect(result.text).toContain("reverse order");
  });
});
