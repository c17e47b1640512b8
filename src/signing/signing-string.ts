import { headerValues } from "./headers";
import type { SignableRequest } from "./types";

// Signing string construction, draft-cavage-http-signatures-10 §2.3.

export const REQUEST_TARGET = "(request-target)";

/** Thrown when a header named in the list is not on the request (the -10 draft leaves this open; we refuse). */
export class SigningStringError extends Error {
  override readonly name = "SigningStringError";
  constructor(
    readonly code: "signed-header-absent",
    readonly headerName: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The path plus query exactly as written (the draft lowercases only the method, §2.3 step 2).
 * An absolute URL loses its scheme and authority; a fragment is never sent, so it is dropped.
 */
export function requestTargetPath(url: string): string {
  let rest = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, "");
  const hash = rest.indexOf("#");
  if (hash >= 0) rest = rest.slice(0, hash);
  if (rest === "") return "/";
  return rest.startsWith("/") || rest === "*" ? rest : `/${rest}`;
}

export function requestTarget(method: string, url: string): string {
  return `${method.toLowerCase()} ${requestTargetPath(url)}`;
}

// RFC 7230 OWS is only space and horizontal tab; String#trim would also eat other characters.
function trimOws(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, "");
}

/** One `name: value` line; throws SigningStringError when the header is absent. */
export function signingStringLine(name: string, request: Pick<SignableRequest, "method" | "url" | "headers">): string {
  const lower = name.toLowerCase();
  if (lower === REQUEST_TARGET) return `${REQUEST_TARGET}: ${requestTarget(request.method, request.url)}`;
  const values = headerValues(request.headers, lower);
  if (values.length === 0) {
    throw new SigningStringError("signed-header-absent", lower, `header ${lower} is in the signed headers list but not on the request`);
  }
  return `${lower}: ${values.map(trimOws).join(", ")}`;
}

/** Lines in list order, joined by `\n`, with no newline after the last (§2.3 step 4). */
export function buildSigningString(headerNames: readonly string[], request: Pick<SignableRequest, "method" | "url" | "headers">): string {
  return headerNames.map((name) => signingStringLine(name, request)).join("\n");
}
