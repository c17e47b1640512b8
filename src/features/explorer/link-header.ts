/**
 * RFC 8288 `Link` header parsing, for paging the transaction list: its body is a bare JSON array,
 * so first, prev, next and last arrive only in this header (design, "Pagination").
 */

/** rel → target URL; a link with several relation types ("prev previous") is listed under each. */
export type PageLinks = Partial<Record<string, string>>;

/** Splits on `sep` outside <…> and "…" (a URL or a quoted parameter may hold commas and semicolons). */
function splitOutside(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = "";
  let inUrl = false;
  let inQuote = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (inQuote && char === "\\") {
      current += char + text.charAt(index + 1);
      index++;
      continue;
    }
    if (char === '"' && !inUrl) inQuote = !inQuote;
    else if (char === "<" && !inQuote) inUrl = true;
    else if (char === ">" && !inQuote) inUrl = false;
    if (char === sep && !inUrl && !inQuote) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  return trimmed;
}

export function parseLinkHeader(header: string | null | undefined): PageLinks {
  const links: PageLinks = {};
  if (!header) return links;
  for (const value of splitOutside(header, ",")) {
    const [target, ...params] = splitOutside(value, ";");
    const url = /^\s*<([^>]*)>\s*$/.exec(target ?? "")?.[1];
    if (url === undefined) continue;
    for (const param of params) {
      const equals = param.indexOf("=");
      if (equals < 0 || param.slice(0, equals).trim().toLowerCase() !== "rel") continue;
      // Relation types are case-insensitive (RFC 8288 §2.1.1); the first link of a type wins (§3.3).
      for (const rel of unquote(param.slice(equals + 1))
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean))
        links[rel] ??= url;
      break;
    }
  }
  return links;
}

/** The query of a link target as the operation's query parameters (offset, limit, dates, cursors). */
export function queryOfLink(url: string, base = "http://localhost"): Record<string, string> {
  try {
    return Object.fromEntries(new URL(url, base).searchParams.entries());
  } catch {
    return {};
  }
}
