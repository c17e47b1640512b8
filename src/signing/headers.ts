import type { HeaderRecord } from "./types";

/**
 * All values of a header, matched case-insensitively, in record order.
 * A record may hold the same name twice in different case ("PSU-ID" and "psu-id");
 * both count, as two header lines would on the wire (draft-cavage-10 §2.3 step 3).
 */
export function headerValues(headers: HeaderRecord, name: string): string[] {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (typeof value === "string") values.push(value);
    else if (Array.isArray(value)) values.push(...value.map(String));
    else values.push(String(value));
  }
  return values;
}

export function hasHeader(headers: HeaderRecord, name: string): boolean {
  return headerValues(headers, name).length > 0;
}

/** One value for headers that must not repeat; undefined when absent. Repeats are joined like §2.3. */
export function headerValue(headers: HeaderRecord, name: string): string | undefined {
  const values = headerValues(headers, name);
  return values.length === 0 ? undefined : values.map((v) => v.trim()).join(", ");
}

/** Returns a copy with `name` set, replacing any existing spelling of the same header. */
export function withHeader(headers: HeaderRecord, name: string, value: string): Record<string, string | readonly string[]> {
  const out: Record<string, string | readonly string[]> = {};
  const lower = name.toLowerCase();
  for (const [key, v] of Object.entries(headers)) {
    if (v !== undefined && key.toLowerCase() !== lower) out[key] = v;
  }
  out[name] = value;
  return out;
}
