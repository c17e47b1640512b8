/**
 * Whether bytes are exactly one DER element (X.690 §10), walked once without building anything: the
 * certificate parser (asn1js) reads BER, so it takes bytes after the certificate, long-form lengths and
 * other encodings of the same certificate, and each such variant would have another fingerprint.
 */

/** Why the bytes are not one DER element, and where (a byte offset). */
export interface DerProblem {
  readonly at: number;
  /** "trailing" when a whole element was read and bytes follow it; "form" for any other departure from DER. */
  readonly kind: "trailing" | "form";
  /** What is wrong, in words: "a long-form length where the short form fits". */
  readonly what: string;
  /** For "trailing": how long the element was. */
  readonly elementLength?: number;
}

/** Certificates nest about ten deep; anything far deeper is no certificate (and bounds the recursion). */
const MAX_DEPTH = 40;

const UNIVERSAL_BOOLEAN = 1;
const UNIVERSAL_INTEGER = 2;
const UNIVERSAL_BIT_STRING = 3;
const UNIVERSAL_OID = 6;
const UNIVERSAL_SEQUENCE = 16;
const UNIVERSAL_SET = 17;

type Walked = { readonly end: number } | { readonly problem: DerProblem };

const form = (at: number, what: string): Walked => ({ problem: { at, kind: "form", what } });

/** The primitive contents DER constrains beyond their length: BOOLEAN, INTEGER, BIT STRING and OBJECT IDENTIFIER. */
function contentProblem(tagNumber: number, bytes: Uint8Array, start: number, end: number): string | undefined {
  const length = end - start;
  const first = bytes[start] ?? 0;
  const second = bytes[start + 1] ?? 0;
  switch (tagNumber) {
    case UNIVERSAL_BOOLEAN:
      return length === 1 && (first === 0 || first === 0xff) ? undefined : "a BOOLEAN that is not one byte 00 or FF";
    case UNIVERSAL_INTEGER:
      if (length === 0) return "an empty INTEGER";
      return length > 1 && ((first === 0 && second < 0x80) || (first === 0xff && second >= 0x80)) ? "an INTEGER with a needless leading byte" : undefined;
    case UNIVERSAL_BIT_STRING: {
      if (length === 0 || first > 7 || (length === 1 && first !== 0)) return "a BIT STRING with a wrong count of unused bits";
      const last = bytes[end - 1] ?? 0;
      return length > 1 && (last & ((1 << first) - 1)) !== 0 ? "a BIT STRING whose unused bits are not zero" : undefined;
    }
    case UNIVERSAL_OID: {
      if (length === 0 || ((bytes[end - 1] ?? 0) & 0x80) !== 0) return "a truncated OBJECT IDENTIFIER";
      for (let i = start; i < end; i++)
        if (bytes[i] === 0x80 && (i === start || ((bytes[i - 1] ?? 0) & 0x80) === 0)) return "an OBJECT IDENTIFIER padded with 80 bytes";
      return undefined;
    }
    default:
      return undefined;
  }
}

function walk(bytes: Uint8Array, start: number, limit: number, depth: number): Walked {
  if (depth > MAX_DEPTH) return form(start, `elements nested more than ${String(MAX_DEPTH)} deep`);
  let i = start;
  const tag = bytes[i++];
  if (tag === undefined) return form(start, "an element cut short");
  let tagNumber = tag & 0x1f;
  if (tagNumber === 0x1f) {
    // High tag number form: base 128, minimal, for numbers of 31 and more.
    if (bytes[i] === 0x80) return form(i, "a tag number padded with 80 bytes");
    tagNumber = 0;
    for (let n = 0; ; n++) {
      const byte = bytes[i++];
      if (byte === undefined || n === 4) return form(start, "a tag number cut short or too large");
      tagNumber = tagNumber * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    if (tagNumber < 0x1f) return form(start, "a tag number in the long form where the short form fits");
  }
  const lengthByte = bytes[i++];
  if (lengthByte === undefined) return form(start, "an element cut short");
  let length = lengthByte;
  if (lengthByte === 0x80) return form(i - 1, "an indefinite length");
  if (lengthByte > 0x80) {
    const count = lengthByte & 0x7f;
    if (count > 4) return form(i - 1, "a length of more than four bytes");
    if (bytes[i] === 0) return form(i, "a long-form length with a needless leading zero byte");
    length = 0;
    for (let n = 0; n < count; n++) {
      const byte = bytes[i++];
      if (byte === undefined) return form(start, "an element cut short");
      length = length * 256 + byte;
    }
    if (length < 0x80) return form(start, "a long-form length where the short form fits");
  }
  const end = i + length;
  if (end > limit) return form(start, "an element whose length runs past the end of what holds it");
  const constructed = (tag & 0x20) !== 0;
  const universal = (tag & 0xc0) === 0;
  if (!constructed) {
    const problem = universal ? contentProblem(tagNumber, bytes, i, end) : undefined;
    return problem === undefined ? { end } : form(start, problem);
  }
  if (universal && tagNumber !== UNIVERSAL_SEQUENCE && tagNumber !== UNIVERSAL_SET)
    return form(start, "a string in the constructed form (pieces), which DER never uses");
  while (i < end) {
    const inner = walk(bytes, i, end, depth + 1);
    if ("problem" in inner) return inner;
    i = inner.end;
  }
  return { end };
}

/** Undefined when `bytes` are exactly one DER element; else what is wrong and where. */
export function derProblem(bytes: Uint8Array): DerProblem | undefined {
  const walked = walk(bytes, 0, bytes.length, 0);
  if ("problem" in walked) return walked.problem;
  if (walked.end === bytes.length) return undefined;
  return { at: walked.end, kind: "trailing", what: `${String(bytes.length - walked.end)} more bytes after the element`, elementLength: walked.end };
}
