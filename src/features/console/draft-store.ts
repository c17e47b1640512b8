/**
 * A draft per operation: the user's edits of its form, kept in localStorage so a reload (or a
 * closed tab) brings them back (decision 0027-console-drafts). The X-Request-ID is never kept:
 * a fresh one goes with every send, and a fixed one works once.
 */
import type { OperationId } from "../../contract/operations";
import { z } from "../../contract/zod";
import { editSchema, type Edit } from "./form-edits";

const storedDraft = z.object({ version: z.literal(1), savedAt: z.number(), edits: z.array(editSchema) });
export type StoredDraft = z.infer<typeof storedDraft>;

const PREFIX = "psd2-portal:console-draft:";
const keyOf = (id: OperationId) => `${PREFIX}${id}`;

/** Paths a draft leaves out: the request id is per send. */
const NOT_KEPT = ["headers.X-Request-ID", "newRequestId"];
const kept = (edit: Edit) => !NOT_KEPT.some((path) => edit.path.join(".") === path || edit.path.join(".").startsWith(`${path}.`));

export function readDraft(id: OperationId): StoredDraft | undefined {
  let text: string | null;
  try {
    text = localStorage.getItem(keyOf(id));
  } catch {
    return undefined;
  }
  if (text === null) return undefined;
  try {
    const parsed = storedDraft.safeParse(JSON.parse(text));
    if (parsed.success) return { ...parsed.data, edits: parsed.data.edits.filter(kept) };
  } catch {
    // Not JSON: treated as no draft, and dropped below.
  }
  clearDraft(id);
  return undefined;
}

/** Keeps the edits (none: the draft goes). Says why when the browser refuses (storage full or off). */
export function saveDraft(id: OperationId, edits: Edit[], now = Date.now()): { ok: true; savedAt: number } | { ok: false; problem: string } {
  const keep = edits.filter(kept);
  try {
    if (keep.length === 0) localStorage.removeItem(keyOf(id));
    else localStorage.setItem(keyOf(id), JSON.stringify({ version: 1, savedAt: now, edits: keep } satisfies StoredDraft));
    return { ok: true, savedAt: now };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}

export function clearDraft(id: OperationId): void {
  try {
    localStorage.removeItem(keyOf(id));
  } catch {
    // Storage switched off: there is no draft to clear.
  }
}
