/** Lists what to fix, and takes the focus after each refused send so keyboard users land on it. */
import { useEffect, useRef } from "react";
import type { FieldErrors } from "react-hook-form";
import type { ConsoleValues } from "./console-form";
import { displayPath, fieldAnchor, formErrors } from "./field-error";
import { useRevealOnClick } from "./reveal-field";

export function ErrorSummary({ errors, submitCount }: { errors: FieldErrors<ConsoleValues>; submitCount: number }) {
  const list = formErrors(errors);
  const ref = useRef<HTMLDivElement>(null);
  const reveal = useRevealOnClick();
  useEffect(() => {
    ref.current?.focus();
  }, [submitCount]);
  if (list.length === 0) return null;
  return (
    <div className="panel panel-error" role="alert" tabIndex={-1} ref={ref}>
      <h2>Fix {list.length === 1 ? "this field" : `these ${String(list.length)} fields`} before sending</h2>
      <ul>
        {list.map((error) => (
          <li key={error.path}>
            <a href={fieldAnchor(error.path)} onClick={reveal}>
              <code>{displayPath(error.path)}</code>
            </a>
            : {error.message}
          </li>
        ))}
      </ul>
      <p>Or switch on “send anyway” to see how the sandbox answers it.</p>
    </div>
  );
}
