/**
 * Request headers: each header defined once (spec 4.1 meanings), and per operation a set that
 * says which are required. Header names are matched case-insensitively by the dispatcher, which
 * hands the schemas an object keyed by these canonical names.
 */
import { NO_FIX, acceptFixes, psuContexts, psuHttpMethods } from "./codes";
import { nationalIdentityNumber, organisationNumber } from "./identifiers";
import { redirectUriProblem } from "./redirect-uri";
import { z } from "./zod";
import { patternText } from "./pattern-text";

const anyText = z.string();

const fixNames = (value: string) => value.split(",").map((name) => name.trim());
const isNeutral = (value: string) => value.trim() === "" || value.trim() === NO_FIX;

const acceptFixList = z
  .string()
  .superRefine((value, ctx) => {
    if (isNeutral(value)) return;
    const names = fixNames(value);
    if (names.includes(NO_FIX))
      ctx.addIssue({
        code: "custom",
        input: value,
        message: `"${NO_FIX}" means no breaking change; send either ${NO_FIX} or the fixes to activate (${names.filter((name) => name !== NO_FIX).join(", ")}), not both.`,
      });
    const unknown = names.filter((name) => name !== NO_FIX && !(acceptFixes as readonly string[]).includes(name));
    if (unknown.length > 0)
      ctx.addIssue({
        code: "custom",
        input: value,
        message: `Unknown x-accept-fix value${unknown.length > 1 ? "s" : ""} ${unknown.map((n) => `"${n}"`).join(", ")}. Known values: ${acceptFixes.join(", ")} (several may be sent, comma-separated), or ${NO_FIX} for no breaking change.`,
      });
  })
  .meta({
    pattern: `^ *(${NO_FIX}|(${acceptFixes.join("|")})( *, *(${acceptFixes.join("|")}))*)? *$`,
    ...patternText(`${NO_FIX}, or one or more of the known fix names separated by commas (spaces around them allowed)`),
    examples: ["longer-name"],
  });

/** Parses an x-accept-fix header value into the fixes it activates (none for `none` or an empty value). */
export const parseAcceptFixes = (value: string | undefined) =>
  new Set(value === undefined || isNeutral(value) ? [] : fixNames(value).filter((name) => name !== ""));

/**
 * Digest and certificate problems are signature problems (docs/signing.md, docs/decisions/0019): 401
 * SIGNATURE_INVALID or CERTIFICATE_INVALID, as the verifier answers them, never a 400 FORMAT_ERROR. The
 * schema checks only the form; which algorithms are accepted (SHA-256 and SHA-512, each at most once, every one
 * checked: decision 0045) is the verifier's rule, so "MD5=…" gets its `digest-algorithm-unsupported` text.
 */
const DIGEST_FORM = /^\s*[A-Za-z0-9-]+=[A-Za-z0-9+/]+={0,2}\s*(,\s*[A-Za-z0-9-]+=[A-Za-z0-9+/]+={0,2}\s*)*$/;
const digest = z
  .string()
  .superRefine((value, ctx) => {
    if (!DIGEST_FORM.test(value))
      ctx.addIssue({
        code: "custom",
        input: value,
        params: { tppCode: "SIGNATURE_INVALID" },
        message: `The Digest header ${JSON.stringify(value.slice(0, 60))} is not of the form SHA-256=<base64 of the body's SHA-256 hash> (or SHA-512=…).`,
      });
  })
  .meta({
    pattern: DIGEST_FORM.source,
    ...patternText("an algorithm name, =, and the base64 of the body's hash (SHA-256=…); several such pairs may be separated by commas"),
    examples: ["SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="],
  });

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const base64Certificate = z
  .string()
  .superRefine((value, ctx) => {
    if (BASE64.test(value)) return;
    const pem = /-----BEGIN [A-Z0-9 ]+-----/.test(value);
    // Two TPP-Signature-Certificate headers arrive joined by ", " (RFC 9110 §5.3).
    const several = !pem && value.split(",").length > 1 && value.split(",").every((part) => BASE64.test(part.trim()));
    ctx.addIssue({
      code: "custom",
      input: value,
      params: { tppCode: "CERTIFICATE_INVALID" },
      message: pem
        ? "TPP-Signature-Certificate holds a PEM; send the certificate as one line of base64 (DER): the PEM's base64 lines joined, without the BEGIN/END CERTIFICATE lines (spec 5.7)."
        : several
          ? "TPP-Signature-Certificate holds several certificates separated by commas (two such headers are read as one); send one header with the signing certificate alone (spec 5.7)."
          : "Send the certificate as one line of base64 (DER), without the BEGIN/END CERTIFICATE lines or line breaks (spec 5.7).",
    });
  })
  .meta({ pattern: BASE64.source, ...patternText("one line of base64 (letters, digits, + and /), ending in at most two =") });

const ipAddress = z.union([z.ipv4(), z.ipv6()], {
  error: "Must be the PSU's IP address, IPv4 (192.0.2.10) or IPv6 (2001:db8::10).",
});

const port = z
  .string()
  .regex(/^([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$/, {
    error: "Must be a port number from 1 to 65535.",
  })
  .meta(patternText("a port number from 1 to 65535, without leading zeros"));

const geoLocation = z
  .string()
  .regex(/^GEO:-?[0-9]{1,2}\.[0-9]{1,6};-?[0-9]{1,3}\.[0-9]{1,6}$/, {
    error: "Use the Berlin Group form GEO:<latitude>;<longitude>, such as GEO:59.913868;10.752245.",
  })
  .meta(patternText("GEO: then latitude and longitude in decimal degrees, separated by a semicolon, each with 1 to 6 decimals (GEO:59.913868;10.752245)"));

const trueOrFalse = z.enum(["true", "false"]);

const redirectUri = z
  .string()
  .superRefine((value, ctx) => {
    const problem = redirectUriProblem(value);
    if (problem) ctx.addIssue({ code: "custom", input: value, message: problem });
  })
  .meta({ format: "uri", examples: ["https://tpp.example/callback", "myapp://callback"] });

/** Every header of the interface, with the spec's meaning (4.1) as its description. */
export const headerCatalogue = {
  "x-accept-fix": acceptFixList.meta({
    description:
      `Activates a published future breaking change early (spec 9). Known values: ${acceptFixes.join(", ")}; several comma-separated. ` +
      `Leave the header out to activate none: spec 4.1 marks it required on periodic payments, but this sandbox takes its absence as no fix, ` +
      `and its examples and code leave it out. ${NO_FIX} (or an empty value) is also taken as none, but only by this sandbox: the bank may not know it.`,
  }),
  Accept: anyText.meta({ description: "Content types the client accepts." }),
  "Accept-Charset": anyText.meta({ description: "Character sets accepted." }),
  "Accept-Encoding": anyText.meta({ description: "Content encodings accepted." }),
  "Accept-Language": anyText.meta({ description: "Natural languages accepted." }),
  Host: anyText.meta({ description: "Server domain and optional port." }),
  "X-Request-ID": z.uuid().meta({ description: "Identifier unique per call, chosen by the TPP (a UUID).", examples: ["99391c7e-ad88-49ec-a2ad-99ddcb1f7721"] }),
  "TPP-Session-ID": z.string().min(1).meta({ description: "TPP session identifier." }),
  "TPP-Redirect-URI": redirectUri.meta({
    description:
      "URI to which the flow is redirected after a redirect (SCA): https (or http) or a mobile app's own scheme (myapp://callback); javascript:, data:, file: and the like are refused.",
  }),
  "TPP-Redirect-Preferred": trueOrFalse.meta({
    description: "false triggers biometric authentication automatically for mobile apps where available; default true.",
  }),
  Digest: digest.meta({ description: "Base64 sha256 or sha512 hash of the body (RFC 3230, RFC 5843)." }),
  "TPP-Signature-Certificate": base64Certificate.meta({ description: "Signing certificate, base64 (DER)." }),
  Signature: z.string().min(1).meta({ description: "HTTP message signature (spec 5, draft-cavage-http-signatures-10)." }),
  "PSU-ID": z.uuid().meta({ description: "PSU identifier (UUID). Send PSU-ID or X-PSU-IDENTITY, exactly one." }),
  "X-PSU-IDENTITY": nationalIdentityNumber.meta({
    description: "Alternative to PSU-ID: Norwegian national identity or D-number. Send PSU-ID or X-PSU-IDENTITY, exactly one.",
  }),
  "PSU-Corporate-ID": organisationNumber.meta({
    description:
      "Corporate agreement identifier: in this sandbox, the company's organisation number. Required whenever the PSU named is a corporate user (spec 7 rule 1: 400 otherwise), on every operation that names a PSU.",
  }),
  "PSU-Context": z.enum(psuContexts).meta({ description: "PRIVATE or CORPORATE. Required for single-SCA payment initiation." }),
  "PSU-IP-Address": ipAddress.meta({ description: "IP address of the PSU-to-TPP request." }),
  "PSU-IP-Port": port.meta({ description: "Port of that request." }),
  "PSU-User-Agent": anyText.meta({ description: "Forwarded User-Agent." }),
  "PSU-Accept": anyText.meta({ description: "Forwarded Accept." }),
  "PSU-Accept-Charset": anyText.meta({ description: "Forwarded Accept-Charset." }),
  "PSU-Accept-Encoding": anyText.meta({ description: "Forwarded Accept-Encoding." }),
  "PSU-Accept-Language": anyText.meta({ description: "Forwarded Accept-Language." }),
  "PSU-HTTP-Method": z.enum(psuHttpMethods).meta({ description: "GET, POST, PUT, PATCH or DELETE; forwarded method." }),
  "PSU-Device-ID": z.uuid().meta({ description: "Forwarded device identifier (UUID)." }),
  "PSU-Geo-Location": geoLocation.meta({ description: "Forwarded geolocation of the request." }),
} as const;

export type HeaderName = keyof typeof headerCatalogue;
export const headerNames = Object.keys(headerCatalogue) as HeaderName[];

const headerByLowercase = new Map(headerNames.map((name) => [name.toLowerCase(), name]));
/** The canonical spelling of a header name, if the interface defines it. */
export const canonicalHeaderName = (name: string): HeaderName | undefined => headerByLowercase.get(name.toLowerCase());

type Catalogue = typeof headerCatalogue;
type Spec<R extends HeaderName, O extends HeaderName> = { [K in R]: Catalogue[K] } & {
  [K in O]: z.ZodOptional<Catalogue[K]>;
};

/** One operation's headers: unknown headers pass (any HTTP client adds some), known ones are checked. */
export function headerSet<R extends HeaderName, O extends HeaderName>(required: readonly R[], optional: readonly O[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const name of required) shape[name] = headerCatalogue[name];
  for (const name of optional) shape[name] = headerCatalogue[name].optional();
  return z.looseObject(shape as Spec<R, O>);
}

/** Spec 5.8: a PSU is named by PSU-ID or X-PSU-IDENTITY; exactly one of them. */
export function exactlyOnePsuIdentity(headers: { "PSU-ID"?: string | undefined; "X-PSU-IDENTITY"?: string | undefined }, ctx: z.RefinementCtx) {
  const hasId = headers["PSU-ID"] !== undefined;
  const hasIdentity = headers["X-PSU-IDENTITY"] !== undefined;
  if (hasId && hasIdentity) ctx.addIssue({ code: "custom", path: ["X-PSU-IDENTITY"], message: "Send PSU-ID or X-PSU-IDENTITY, not both." });
  if (!hasId && !hasIdentity)
    ctx.addIssue({
      code: "custom",
      path: ["PSU-ID"],
      params: { tppCode: "HTTP_HEADER_REQUIRED" },
      message: "Name the PSU: send PSU-ID (the PSU's UUID) or X-PSU-IDENTITY (national identity or D-number).",
    });
}

export const psuIdentityRule = {
  "x-exactly-one-of": ["PSU-ID", "X-PSU-IDENTITY"],
  description: "Exactly one of PSU-ID and X-PSU-IDENTITY is required.",
};
