/**
 * A request from the history, as edits of the console's form: its headers (all of them, so the
 * sandbox's example fills none) and its body, in the body's fields when they can hold it exactly,
 * else as the JSON text it was. The X-Request-ID and what the signature covers are made anew on send.
 */
import type { Operation } from "../../contract/operations";
import type { Exchange } from "../../lib/exchange";
import { pruneEmpty, type FieldNode } from "../../lib/form-fields";
import { reusableHeaders } from "../../lib/reusable-headers";
import type { Edit } from "./form-edits";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether every value has a field that shows it as it is (a number in a number field, a list item without separators, …). */
function fitsFields(nodes: FieldNode[], value: unknown): boolean {
  if (!isRecord(value)) return false;
  return Object.entries(value).every(([name, inner]) => {
    const field = nodes.find((node) => node.name === name);
    if (!field) return false;
    switch (field.kind) {
      case "object":
        return fitsFields(field.children, inner);
      case "objects":
        return Array.isArray(inner) && inner.every((item) => fitsFields(field.item, item));
      case "list":
        return (
          Array.isArray(inner) && inner.every((item) => (field.of === "integer" ? Number.isInteger(item) : typeof item === "string" && /^[^\s,;]+$/.test(item)))
        );
      case "number":
        return typeof inner === "number";
      case "boolean":
        return typeof inner === "boolean";
      default:
        return typeof inner === "string" && inner !== "";
    }
  });
}

function bodyEdits(body: string, nodes: FieldNode[]): Edit[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const exact = parsed !== undefined && fitsFields(nodes, parsed) && JSON.stringify(pruneEmpty(nodes, parsed)) === JSON.stringify(parsed);
  return exact
    ? [
        { path: ["body"], value: parsed },
        { path: ["rawMode"], value: false },
      ]
    : [
        { path: ["rawMode"], value: true },
        { path: ["rawBody"], value: body },
      ];
}

export function recordedEdits(operation: Operation, exchange: Pick<Exchange, "request" | "unsentHeaders">, nodes: FieldNode[]): Edit[] {
  const sent = Object.entries(reusableHeaders(exchange, ""));
  const headers: Record<string, string | undefined> = {};
  for (const name of Object.keys(operation.headers.shape)) {
    if (name === "X-Request-ID") continue;
    headers[name] = sent.find(([other]) => other.toLowerCase() === name.toLowerCase())?.[1];
  }
  const edits: Edit[] = [{ path: ["headers"], value: headers }];
  if (operation.body && exchange.request.body !== undefined) edits.push(...bodyEdits(exchange.request.body, nodes));
  return edits;
}
