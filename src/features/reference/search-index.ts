/**
 * The reference's search: one entry per operation, per field or parameter of an operation, and per
 * error code, each with the address that shows it. Built once, on first use, from the contract's
 * tables and the OpenAPI document's schemas (loaded only then).
 */
import { componentRef } from "../../contract/component-ref";
import { errorMeanings } from "../../contract/error-meanings";
import { errorCodes, errorStatus } from "../../contract/errors";
import type { Operation } from "../../contract/operations";
import { fieldRows, type JsonSchema } from "../../lib/schema-rows";
import { errorAnchor, fieldAnchor, parameterAnchor, type FieldPart } from "./anchors";

export type EntryKind = "operation" | "field" | "parameter" | "error code";

export interface SearchEntry {
  kind: EntryKind;
  /** What the result is called: a title, a field path, a header name, a code. */
  label: string;
  /** Where it belongs or what it means, shown under the label. */
  detail: string;
  href: string;
  /** Lower-case text the query's words are looked up in. */
  text: string;
}

export interface SearchInput {
  operations: readonly Operation[];
  components: Record<string, JsonSchema>;
  parametersOf: (operation: Operation) => { name: string; in: "path" | "header" | "query"; description?: string | undefined }[];
}

const partNames: Record<FieldPart, string> = { request: "request body", response: "answer body" };
const parameterNames = { path: "path parameter", header: "header", query: "query parameter" } as const;

const entry = (kind: EntryKind, label: string, detail: string, href: string, extra = ""): SearchEntry => ({
  kind,
  label,
  detail,
  href,
  text: `${label} ${detail} ${extra}`.toLowerCase(),
});

export function buildSearchIndex({ operations, components, parametersOf }: SearchInput): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const operation of operations) {
    const page = `/reference/${operation.id}`;
    entries.push(entry("operation", operation.title, `${operation.method} ${operation.path}`, page, `${operation.id} ${operation.group} ${operation.summary}`));
    for (const parameter of parametersOf(operation))
      entries.push(
        entry(
          "parameter",
          parameter.name,
          `${parameterNames[parameter.in]} of ${operation.title}`,
          `${page}#${parameterAnchor(parameter.in, parameter.name)}`,
          parameter.description,
        ),
      );
    const bodies: [FieldPart, JsonSchema | undefined][] = [
      ["request", operation.body ? componentRef(operation.body) : undefined],
      ["response", operation.success.body ? componentRef(operation.success.body) : undefined],
    ];
    for (const [part, schema] of bodies) {
      if (!schema) continue;
      for (const row of fieldRows(schema, components))
        entries.push(
          entry(
            "field",
            row.path,
            `${partNames[part]} of ${operation.title}`,
            `${page}#${fieldAnchor(part, row.path)}`,
            `${row.name} ${row.description ?? ""}`,
          ),
        );
    }
  }
  for (const code of errorCodes)
    entries.push(entry("error code", code, `${String(errorStatus[code])}: ${errorMeanings[code]}`, `/reference#${errorAnchor(code)}`));
  return entries;
}

/** How well an entry matches: its label exactly, then a label that starts with the query, then one that holds it, then its text. */
function rank(entry: SearchEntry, query: string): number {
  const label = entry.label.toLowerCase();
  if (label === query) return 0;
  if (label.startsWith(query)) return 1;
  if (label.includes(query)) return 2;
  return 3;
}

const kindOrder: Record<EntryKind, number> = { operation: 0, "error code": 1, parameter: 2, field: 3 };

/** Entries that hold every word of the query, best first. */
export function searchEntries(index: readonly SearchEntry[], query: string): SearchEntry[] {
  const wanted = query.trim().toLowerCase();
  const words = wanted.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return index
    .filter((candidate) => words.every((word) => candidate.text.includes(word)))
    .map((candidate) => ({ candidate, score: rank(candidate, wanted) * 10 + kindOrder[candidate.kind] }))
    .sort((a, b) => a.score - b.score || a.candidate.label.localeCompare(b.candidate.label))
    .map(({ candidate }) => candidate);
}
