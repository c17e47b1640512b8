/**
 * The signing strings a TPP may have signed instead of the one the draft asks for: the known mistakes,
 * each as a variant of the rebuilt string (draft-cavage-10 §2.3). The signature doctor hashes each and
 * compares it with the hash an opened signature holds (rsa-open.ts); the one that matches names the
 * mistake. Bounded whatever the request (a list naming one header hundreds of times, header values of
 * kilobytes): the variants are made lazily, likeliest mistakes first, and no more than MAX_VARIANTS of them
 * or MAX_VARIANT_BYTES in all are made.
 */
import { headerValues } from "./headers";
import { REQUEST_TARGET, requestTargetPath, signingStringLine } from "./signing-string";
import type { SignableRequest } from "./types";

/** What a variant changed, with what the texts need to name it. */
export type Mistake =
  | { readonly kind: "name-case"; readonly spelling: string; readonly example: string }
  | { readonly kind: "crlf"; readonly trailing: boolean }
  | { readonly kind: "trailing-newline" }
  | { readonly kind: "unlisted"; readonly name: string; readonly position: number; readonly line: string }
  | { readonly kind: "line-missing"; readonly name: string }
  | { readonly kind: "order"; readonly order: readonly string[] }
  | { readonly kind: "request-target-differs"; readonly line: string }
  | { readonly kind: "host-differs"; readonly line: string };

export interface Variant {
  readonly mistakes: readonly Mistake[];
  readonly signingString: string;
}

type Request = Pick<SignableRequest, "method" | "url" | "headers">;

/** How the Berlin Group and most HTTP libraries spell the headers that are signed. */
const USUAL_SPELLING: Readonly<Record<string, string>> = {
  "x-request-id": "X-Request-ID",
  "psu-id": "PSU-ID",
  "psu-corporate-id": "PSU-Corporate-ID",
  "tpp-redirect-uri": "TPP-Redirect-URI",
  "tpp-signature-certificate": "TPP-Signature-Certificate",
};
const titleCase = (name: string) =>
  name.startsWith("(") ? name : name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());

/** Headers that may have been signed without being listed: at most this many besides (request-target) and host. */
const MAX_UNLISTED = 16;
/** All orders of a list this long or shorter are tried (5! = 120); a longer one, only neighbours swapped. */
const MAX_PERMUTED = 5;
/**
 * The budget of one diagnosis: how many variants, and how many bytes of them, are made and hashed at most. A usual
 * request (six lines, a dozen headers) makes about 300 variants of a few hundred bytes; a request past the budget
 * is diagnosed on the likeliest mistakes only (the layouts, then lines signed but not listed).
 */
export const MAX_VARIANTS = 600;
export const MAX_VARIANT_BYTES = 1024 * 1024;

const hostOf = (request: Request): string | undefined => {
  const header = headerValues(request.headers, "host")[0];
  if (header !== undefined) return header.trim();
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(request.url)?.[1];
};

/** The line of a name, or undefined when the request cannot have one (a header it does not carry). */
function lineOf(name: string, request: Request): string | undefined {
  if (name === "host") {
    const host = hostOf(request);
    return host === undefined ? undefined : `host: ${host}`;
  }
  try {
    return signingStringLine(name, request);
  } catch {
    return undefined;
  }
}

const join = (lines: readonly string[]) => lines.join("\n");

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

type Spell = (name: string, index: number) => string;

/** Spellings of the names other than lower case: as the headers parameter wrote them, as the request did, and the usual ones. */
function nameSpellings(listed: readonly string[], written: readonly string[], request: Request): [string, Spell][] {
  const onRequest = new Map(Object.keys(request.headers).map((key) => [key.toLowerCase(), key]));
  const spellings: [string, Spell][] = [
    ["as the headers parameter writes them", (name, index) => written[index] ?? name],
    ["as the request's header lines write them", (name) => onRequest.get(name) ?? name],
    ["as the Berlin Group writes them", (name) => USUAL_SPELLING[name] ?? titleCase(name)],
    ["capitalised", titleCase],
    ["in upper case", (name) => name.toUpperCase()],
  ];
  return spellings.filter(([, spell]) => listed.some((name, index) => spell(name, index) !== name));
}

/** Layouts of the lines: name spellings × CRLF or LF × a line end after the last line or none (the first is the rebuilt string). */
function* layouts(lines: readonly string[], listed: readonly string[], written: readonly string[], request: Request): Generator<Variant> {
  const spellings: [Mistake | undefined, readonly string[]][] = [[undefined, lines]];
  for (const [spelling, spell] of nameSpellings(listed, written, request)) {
    const spelled = lines.map((line, index) => {
      const name = listed[index] ?? "";
      return spell(name, index) + line.slice(name.length);
    });
    spellings.push([{ kind: "name-case", spelling, example: spelled[0] ?? "" }, spelled]);
  }
  for (const [mistake, spelled] of spellings) {
    const named = mistake ? [mistake] : [];
    yield { mistakes: named, signingString: join(spelled) };
    yield { mistakes: [...named, { kind: "trailing-newline" }], signingString: `${join(spelled)}\n` };
    yield { mistakes: [...named, { kind: "crlf", trailing: false }], signingString: spelled.join("\r\n") };
    yield { mistakes: [...named, { kind: "crlf", trailing: true }], signingString: `${spelled.join("\r\n")}\r\n` };
  }
}

/** Lines the list does not name, signed anyway: (request-target), host, or a header the request carries. */
function* unlistedLines(lines: readonly string[], listed: readonly string[], request: Request): Generator<Variant> {
  const others = Object.keys(request.headers)
    .map((key) => key.toLowerCase())
    .filter((name) => name !== "signature" && name !== "host");
  const names = [...new Set([REQUEST_TARGET, "host", ...others.slice(0, MAX_UNLISTED)])].filter((name) => !listed.includes(name));
  for (const name of names) {
    const line = lineOf(name, request);
    if (line === undefined) continue;
    for (let position = 0; position <= lines.length; position++) {
      const signed = [...lines.slice(0, position), line, ...lines.slice(position)];
      yield { mistakes: [{ kind: "unlisted", name, position, line }], signingString: join(signed) };
    }
  }
}

function* missingLines(lines: readonly string[], listed: readonly string[]): Generator<Variant> {
  if (lines.length < 2) return;
  for (let index = 0; index < lines.length; index++) {
    yield { mistakes: [{ kind: "line-missing", name: listed[index] ?? "" }], signingString: join(lines.filter((_other, other) => other !== index)) };
  }
}

function* otherOrders(lines: readonly string[], listed: readonly string[]): Generator<Variant> {
  const indices = lines.map((_line, index) => index);
  const orders =
    lines.length <= MAX_PERMUTED
      ? permutations(indices).slice(1)
      : indices.slice(1).map((index) => indices.map((i) => (i === index ? index - 1 : i === index - 1 ? index : i)));
  for (const order of orders) {
    yield { mistakes: [{ kind: "order", order: order.map((index) => listed[index] ?? "") }], signingString: join(order.map((index) => lines[index] ?? "")) };
  }
}

/** A listed (request-target) or host line computed otherwise than the draft says. */
function otherComputations(lines: readonly string[], listed: readonly string[], request: Request): Variant[] {
  const variants: Variant[] = [];
  const replace = (index: number, line: string, mistake: Mistake) => {
    variants.push({ mistakes: [mistake], signingString: join(lines.map((other, i) => (i === index ? line : other))) });
  };
  const path = requestTargetPath(request.url);
  const host = hostOf(request);
  const target = listed.indexOf(REQUEST_TARGET);
  if (target >= 0) {
    const method = request.method.toLowerCase();
    const values = [`${request.method.toUpperCase()} ${path}`, `${method} ${path.replace(/\?.*$/, "")}`];
    if (host !== undefined) values.push(`${method} https://${host}${path}`, `${method} http://${host}${path}`);
    try {
      values.push(`${method} ${decodeURI(path)}`);
    } catch {
      // Not percent-encoded UTF-8: nothing to decode.
    }
    for (const value of new Set(values)) {
      const line = `${REQUEST_TARGET}: ${value}`;
      if (line !== lines[target]) replace(target, line, { kind: "request-target-differs", line });
    }
  }
  const hostIndex = listed.indexOf("host");
  if (hostIndex >= 0 && host !== undefined) {
    const bare = host.replace(/:\d+$/, "");
    for (const value of new Set([bare, `${bare}:443`, `${bare}:80`])) {
      const line = `host: ${value}`;
      if (line !== lines[hostIndex]) replace(hostIndex, line, { kind: "host-differs", line });
    }
  }
  return variants;
}

/**
 * The variants of the signing string of `listed` (lower-case names, in list order; `written`: as the
 * headers parameter spelled them) over `request`, the rebuilt string itself first, likeliest mistakes next,
 * within MAX_VARIANTS and MAX_VARIANT_BYTES. Empty when the string cannot be rebuilt (a listed header the request lacks).
 */
export function signingStringVariants(listed: readonly string[], written: readonly string[], request: Request): Variant[] {
  const lines = listed.map((name) => lineOf(name, request));
  if (lines.some((line) => line === undefined)) return [];
  const present = lines as string[];
  const kinds = [
    layouts(present, listed, written, request),
    unlistedLines(present, listed, request),
    otherComputations(present, listed, request),
    missingLines(present, listed),
    otherOrders(present, listed),
  ];
  const variants: Variant[] = [];
  let bytes = 0;
  for (const kind of kinds) {
    for (const variant of kind) {
      bytes += variant.signingString.length;
      // The rebuilt string always, however long: it is what the doctor shows.
      if (variants.length > 0 && (variants.length >= MAX_VARIANTS || bytes > MAX_VARIANT_BYTES)) return variants;
      variants.push(variant);
    }
  }
  return variants;
}
