import { describe, expect, it } from "vitest";
import { derProblem } from "./der";

const hex = (text: string) => Uint8Array.from(text.match(/[0-9a-f]{2}/gi) ?? [], (pair) => parseInt(pair, 16));

describe("derProblem: exactly one DER element (X.690 §10)", () => {
  it.each([
    ["an empty SEQUENCE", "30 00"],
    ["a SEQUENCE of INTEGER 5 and BOOLEAN true", "30 06 02 01 05 01 01 ff"],
    ["an INTEGER whose top bit needs a zero byte", "02 02 00 80"],
    ["a negative INTEGER", "02 02 ff 7f"],
    ["a BIT STRING with 3 unused (zero) bits", "03 02 03 f8"],
    ["the OID 1.2.840.113549.1.1.1", "06 09 2a 86 48 86 f7 0d 01 01 01"],
    ["an explicit [0] around an INTEGER", "a0 03 02 01 02"],
    ["a 200-byte OCTET STRING, long-form length", `04 81 c8 ${"00 ".repeat(200)}`],
    ["a high tag number [31]", "9f 1f 00"],
  ])("takes %s", (_name, bytes) => {
    expect(derProblem(hex(bytes))).toBeUndefined();
  });

  it("names bytes after the element and where the element ends", () => {
    expect(derProblem(hex("30 03 02 01 05 00"))).toEqual({ at: 5, kind: "trailing", what: "1 more bytes after the element", elementLength: 5 });
  });

  it.each([
    ["an indefinite length", "30 80 02 01 05 00 00", "indefinite length"],
    ["a long-form length where the short form fits", "30 81 03 02 01 05", "long-form length where the short form fits"],
    ["a long-form length with a leading zero", "04 82 00 81 " + "00 ".repeat(0x81), "needless leading zero"],
    ["a constructed OCTET STRING", "24 04 04 02 00 00", "constructed form"],
    ["a BOOLEAN true as 01", "01 01 01", "BOOLEAN"],
    ["an INTEGER with a needless zero", "02 02 00 05", "needless leading byte"],
    ["an INTEGER with a needless FF", "02 02 ff 80", "needless leading byte"],
    ["an empty INTEGER", "02 00", "empty INTEGER"],
    ["a BIT STRING with 8 unused bits", "03 02 08 00", "unused bits"],
    ["a BIT STRING whose unused bits are set", "03 02 03 f9", "not zero"],
    ["an OID padded with 80", "06 03 2a 80 01", "padded"],
    ["a length past the end", "30 05 02 01 05", "runs past the end"],
    ["an inner element past its SEQUENCE", "30 03 02 02 05 05", "runs past the end"],
    ["nothing", "", "cut short"],
    ["a tag number in the long form below 31", "9f 05 00", "long form where the short form fits"],
  ])("refuses %s", (_name, bytes, what) => {
    const problem = derProblem(hex(bytes));
    expect(problem?.kind).toBe("form");
    expect(problem?.what).toContain(what);
  });

  it("bounds the nesting (and so the recursion) of hostile input", () => {
    const deep = new Uint8Array(2 * 60);
    for (let i = 0; i < 60; i++) [deep[2 * i], deep[2 * i + 1]] = [0x30, 2 * (59 - i)];
    expect(derProblem(deep)?.what).toContain("nested more than");
  });
});
