/**
 * Tells screen-reader users about an error the moment it appears at a field they just left. The
 * inline error is tied to its input by aria-describedby, which is only read when the input is
 * focused again; this one polite region says it at once. After a send, the error summary (an alert
 * that takes the focus) speaks for every field, so nothing is repeated here.
 */
import { useEffect, useRef, useState } from "react";
import { useFormState } from "react-hook-form";
import type { ConsoleValues } from "./console-form";
import { displayPath, formErrors } from "./field-error";

export function FieldErrorAnnouncer() {
  const { errors, submitCount } = useFormState<ConsoleValues>();
  const seen = useRef(new Map<string, string>());
  const seenSubmits = useRef(submitCount);
  const [text, setText] = useState("");
  const current = formErrors(errors);
  const signature = current.map((error) => `${error.path}\u0000${error.message}`).join("\u0001");

  useEffect(() => {
    const previous = seen.current;
    seen.current = new Map(current.map((error) => [error.path, error.message]));
    if (submitCount !== seenSubmits.current) {
      seenSubmits.current = submitCount;
      return;
    }
    const fresh = current.find((error) => previous.get(error.path) !== error.message);
    if (fresh) setText(`${displayPath(fresh.path)}: ${fresh.message}`);
    else if (current.length === 0) setText("");
  }, [signature, submitCount]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-label="Field error">
      {text}
    </p>
  );
}
