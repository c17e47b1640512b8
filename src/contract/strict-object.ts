import { z } from "./zod";

/** Edit distance, to suggest the field a misspelt key was meant to be (e.g. the spec's own `referencType`). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      const cost = a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

export function closestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 4)) + 1;
  for (const candidate of known) {
    const d = distance(key, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** Unknown keys named (with a guess) in the text; the tppMessages point at each, up to their own cap. */
const NAMED_KEYS = 5;
/** Longer keys are not compared: the edit distance costs the product of the lengths. */
const GUESSED_KEY_LENGTH = 64;

/**
 * A request object that rejects unknown fields, naming the field that was probably meant.
 * Unknown fields are rejected rather than ignored: a silently dropped misspelt key
 * (`referencType`) is the kind of mistake a sandbox exists to catch. The text's work is bounded:
 * a body of 100,000 unknown keys is worded from its first few.
 */
export function strictObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== "unrecognized_keys") return undefined;
      const parts = issue.keys.slice(0, NAMED_KEYS).map((key) => {
        const shown = key.length > GUESSED_KEY_LENGTH ? `"${key.slice(0, GUESSED_KEY_LENGTH)}…"` : `"${key}"`;
        const guess = key.length > GUESSED_KEY_LENGTH ? undefined : closestKey(key, known);
        return guess ? `${shown} (did you mean "${guess}"?)` : shown;
      });
      const more = issue.keys.length - parts.length;
      const list = more > 0 ? `${parts.join(", ")} and ${String(more)} more` : parts.join(", ");
      return `Unknown field${issue.keys.length > 1 ? "s" : ""} ${list}. Known fields here: ${known.join(", ")}.`;
    },
  });
}
