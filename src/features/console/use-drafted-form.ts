/**
 * The console's form, which never loses what was typed: it shows the example with the user's edits
 * laid over it, so sandbox data arriving late (or changing after a send) fills only the fields the
 * user has not touched. The edits are the operation's draft, kept across reloads until "Reset to
 * the example"; a request opened from the history becomes the draft.
 */
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { Operation } from "../../contract/operations";
import type { FieldNode } from "../../lib/form-fields";
import { consoleResolver, type ConsoleValues } from "./console-form";
import { clearDraft, readDraft, saveDraft } from "./draft-store";
import { applyEdits, differences, emptyLeaves, isEdited, pathKey, updateEdits, valueAt, type Edit } from "./form-edits";

export type DraftState =
  | { kind: "none" }
  | { kind: "restored"; savedAt: number }
  | { kind: "saved"; savedAt: number }
  | { kind: "loaded"; what: string }
  | { kind: "unsaved"; problem: string };

const SAVE_AFTER_MS = 300;

/** Path parameters and query the address names win over the draft's: a link to a payment shows that payment. */
const notAddressed = (addressed: string[]) => (edit: Edit) => {
  const [part, name] = edit.path;
  if (part !== "params" && part !== "query") return true;
  return name === undefined ? addressed.length === 0 : !addressed.includes(name);
};

export function useDraftedForm(operation: Operation, nodes: FieldNode[], example: ConsoleValues, addressed: string[]) {
  const [initial] = useState(() => {
    const draft = readDraft(operation.id);
    const edits = (draft?.edits ?? []).filter(notAddressed(addressed));
    return {
      edits,
      values: applyEdits(example, edits),
      state: draft && edits.length > 0 ? ({ kind: "restored", savedAt: draft.savedAt } as const) : ({ kind: "none" } as const),
    };
  });
  // The error summary takes the focus after a refused send (its links lead to each field); react-hook-form would move it to the first field.
  const form = useForm<ConsoleValues>({
    resolver: consoleResolver(operation, nodes),
    defaultValues: initial.values,
    mode: "onTouched",
    shouldFocusError: false,
  });
  const [draftState, setDraftState] = useState<DraftState>(initial.state);
  const edits = useRef<Edit[]>(initial.edits);
  // What the form was last given; what differs from it is the user's.
  const shown = useRef<ConsoleValues>(initial.values);
  const applying = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const save = () => {
    clearTimeout(saveTimer.current);
    const result = saveDraft(operation.id, edits.current);
    setDraftState(
      !result.ok ? { kind: "unsaved", problem: result.problem } : edits.current.length > 0 ? { kind: "saved", savedAt: result.savedAt } : { kind: "none" },
    );
  };

  useEffect(() => {
    const subscription = form.watch((values) => {
      if (applying.current) return;
      edits.current = updateEdits(edits.current, shown.current, values);
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(save, SAVE_AFTER_MS);
    });
    return () => {
      subscription.unsubscribe();
      // Leaving the page (another operation, another page) keeps the last keystrokes too.
      if (saveTimer.current !== undefined) {
        clearTimeout(saveTimer.current);
        saveDraft(operation.id, edits.current);
      }
    };
  }, [form, operation.id]);

  /** Gives the form the example with the edits over it, field by field: a field whose value stays is not set again. */
  const show = (next: ConsoleValues) => {
    applying.current = true;
    try {
      for (const path of differences(form.getValues(), next)) form.setValue(pathKey(path), valueAt(next, path));
    } finally {
      applying.current = false;
    }
    shown.current = next;
  };

  // Another address for the same operation (a link to another payment): what it names replaces the user's values.
  const addressKey = JSON.stringify(addressed.map((name) => [name, example.params[name] ?? example.query[name]]));
  const shownAddress = useRef(addressKey);
  useEffect(() => {
    if (shownAddress.current === addressKey) return;
    shownAddress.current = addressKey;
    edits.current = edits.current.filter(notAddressed(addressed));
    save();
  }, [addressKey]);

  // New sandbox data (it arrived, or changed after a send): every field not touched follows it.
  const exampleKey = JSON.stringify(example);
  const shownExample = useRef(exampleKey);
  useEffect(() => {
    if (shownExample.current === exampleKey) return;
    shownExample.current = exampleKey;
    show(applyEdits(example, edits.current));
  }, [exampleKey]);

  /** Back to the example: the edits and the draft go, and the form's errors with them. */
  const resetToExample = () => {
    edits.current = [];
    clearTimeout(saveTimer.current);
    clearDraft(operation.id);
    const next = applyEdits(example, []);
    show(next);
    form.reset(next, { keepValues: true });
    setDraftState({ kind: "none" });
  };

  /** Replaces the edits (a request from the history): `what` says where they came from. */
  const load = (loaded: Edit[], what: string) => {
    edits.current = loaded;
    const next = applyEdits(example, loaded);
    show(next);
    form.reset(next, { keepValues: true });
    save();
    setDraftState({ kind: "loaded", what });
  };

  /** Fields the example leaves empty for the sandbox's data to fill, and that the user has not filled. */
  const awaiting = (loading: boolean) =>
    loading
      ? emptyLeaves(example)
          .filter((path) => !isEdited(edits.current, path))
          .map(pathKey)
      : [];

  return { form, draftState, resetToExample, load, awaiting };
}
