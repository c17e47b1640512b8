/**
 * Why a signature value does not verify: the signature doctor opens it with the certificate's public
 * key (rsa-open.ts) and compares what it holds with the signing strings a TPP may have signed instead
 * (signing-string-variants.ts). Another key, another hash, another padding or another string each
 * end in their own finding.
 */
import { fromBase64, toBase64, utf8Bytes } from "./bytes";
import type { LoadedCertificate } from "./certificate";
import type { Finding } from "./diagnosis";
import {
  algorithmHashFinding,
  lengthFinding,
  otherKeyFinding,
  pssFinding,
  stringMistakeFinding,
  unexplainedFinding,
  unknownDigestInfoFinding,
  type StringContext,
} from "./diagnosis-texts";
import { openSignature, rsaPublicNumbers, type OpenedHash } from "./rsa-open";
import { signingStringVariants, type Variant } from "./signing-string-variants";
import type { SignableRequest, SignatureAlgorithm } from "./types";

export interface SignatureInput {
  readonly request: SignableRequest;
  readonly certificate: LoadedCertificate;
  /** Lower-case names of the headers parameter, and as written. */
  readonly listed: readonly string[];
  readonly written: readonly string[];
  readonly signature: string;
  readonly algorithm: { readonly name: SignatureAlgorithm; readonly hash: "SHA-256" | "SHA-512" };
}

const hex = (bytes: ArrayBuffer | Uint8Array) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** Each distinct string once, in order: two variants can make the same string (a list already capitalised). */
function distinct(variants: readonly Variant[]): Variant[] {
  const seen = new Set<string>();
  return variants.filter((variant) => !seen.has(variant.signingString) && Boolean(seen.add(variant.signingString)));
}

/** The first variant whose hash is `digest`. */
async function matchingVariant(variants: readonly Variant[], hash: OpenedHash, digest: Uint8Array): Promise<Variant | undefined> {
  const wanted = hex(digest);
  const hashes = await Promise.all(variants.map((variant) => globalThis.crypto.subtle.digest(hash, utf8Bytes(variant.signingString))));
  return variants[hashes.findIndex((value) => hex(value) === wanted)];
}

/** An RSASSA-PSS signature over one of the variants, tried only when the opened value ends as PSS does (0xBC, RFC 8017 §9.1.1). */
async function pssVariant(input: SignatureInput, signature: Uint8Array<ArrayBuffer>, keyBits: number, variants: readonly Variant[]) {
  for (const hash of ["SHA-256", "SHA-512"] as const) {
    const hashLength = hash === "SHA-256" ? 32 : 64;
    const key = await globalThis.crypto.subtle.importKey("spki", input.certificate.spki, { name: "RSA-PSS", hash }, false, ["verify"]);
    // The salt lengths signers use: the hash's length (the usual), the largest (Python's PSS.MAX_LENGTH), none.
    for (const saltLength of [hashLength, Math.ceil((keyBits - 1) / 8) - hashLength - 2, 0]) {
      for (const variant of variants.slice(0, 4)) {
        if (await globalThis.crypto.subtle.verify({ name: "RSA-PSS", saltLength }, key, signature, utf8Bytes(variant.signingString))) return { hash, variant };
      }
    }
  }
  return undefined;
}

/** A signature that is base64 of something other than the signature's bytes: its hex text, or base64 again. */
function encodedTwice(signature: Uint8Array, keyBytes: number): string | undefined {
  const text = new TextDecoder().decode(signature);
  if (/^[0-9a-fA-F]+$/.test(text) && text.length === keyBytes * 2) return "it is the base64 of the signature's hex text";
  if (fromBase64(text)?.length === keyBytes) return "it is the signature base64-encoded twice";
  return undefined;
}

const mistakesOf = (variant: Variant, context: StringContext) => variant.mistakes.map((mistake) => stringMistakeFinding(mistake, context));

/**
 * The findings about a signature value, none when it verifies over the rebuilt signing string.
 * Undefined when the string cannot be rebuilt (a listed header the request lacks: the verifier says so).
 */
export async function diagnoseSignatureValue(input: SignatureInput): Promise<Finding[] | undefined> {
  const signature = fromBase64(input.signature);
  const variants = distinct(signingStringVariants(input.listed, input.written, input.request));
  const rebuilt = variants[0];
  if (!signature || !rebuilt) return undefined;
  const context: StringContext = { listed: input.listed, lines: rebuilt.signingString.split("\n") };
  const key = await globalThis.crypto.subtle.importKey("spki", input.certificate.spki, { name: "RSASSA-PKCS1-v1_5", hash: input.algorithm.hash }, false, [
    "verify",
  ]);
  if (await globalThis.crypto.subtle.verify({ name: "RSASSA-PKCS1-v1_5" }, key, signature, utf8Bytes(rebuilt.signingString))) return [];

  const numbers = await rsaPublicNumbers(input.certificate.spki);
  const opened = numbers ? openSignature(numbers, signature) : { kind: "not-opened" as const, why: "the key's numbers could not be read" };
  switch (opened.kind) {
    case "not-opened":
      return [unexplainedFinding(`the signature was not opened: ${opened.why}`, context.lines)];
    case "wrong-length":
      return [lengthFinding(opened.length, opened.keyBits, opened.keyBytes, encodedTwice(signature, opened.keyBytes))];
    case "unknown-digest-info":
      return [unknownDigestInfoFinding(opened.digestInfoHex, input.algorithm.name)];
    case "no-padding": {
      const pss = opened.em.at(-1) === 0xbc ? await pssVariant(input, signature, opened.keyBits, variants) : undefined;
      if (pss) return [pssFinding(pss.hash, input.algorithm.name), ...mistakesOf(pss.variant, context)];
      return [otherKeyFinding(input.certificate.summary)];
    }
    case "digest-info": {
      const hashFinding = opened.hash === input.algorithm.hash ? [] : [algorithmHashFinding(opened.hash, input.algorithm.name)];
      const match = await matchingVariant(variants, opened.hash, opened.digest);
      if (match) return [...hashFinding, ...mistakesOf(match, context)];
      const made = `it was made with this certificate's key and ${opened.hash}, over another string: its hash is ${toBase64(opened.digest)}`;
      return [...hashFinding, unexplainedFinding(made, context.lines)];
    }
  }
}
