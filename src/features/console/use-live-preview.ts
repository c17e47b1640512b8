/**
 * The inspector's live view while a form is edited: the request the current values make, signed
 * with the active credential, recomputed a moment after each change.
 */
import { useEffect, useState } from "react";
import type { Operation } from "../../contract/operations";
import { activeCredential } from "../../lib/credentials";
import type { FieldNode } from "../../lib/form-fields";
import { draftRequest, signForBrowser, type SignedRequest } from "../../lib/request-draft";
import type { ConsoleValues } from "./console-form";
import { requestInput } from "./request-input";

const SETTLE_MS = 250;

export function useLivePreview(operation: Operation, values: ConsoleValues, nodes: FieldNode[], previewId: string) {
  const [preview, setPreview] = useState<{ signed?: SignedRequest; error?: string }>({});
  // Compared as text: react-hook-form hands out a new values object on every render.
  const snapshot = JSON.stringify(values);
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      const draft = draftRequest(requestInput(operation, JSON.parse(snapshot) as ConsoleValues, nodes, previewId));
      activeCredential()
        .then((credential) => signForBrowser(draft, credential))
        .then(
          (signed) => {
            if (!cancelled) setPreview({ signed });
          },
          (error: unknown) => {
            if (!cancelled) setPreview({ error: error instanceof Error ? error.message : String(error) });
          },
        );
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [operation, snapshot, nodes, previewId]);
  return preview;
}
