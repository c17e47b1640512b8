/** Lists what to fix, and takes the focus after each refused send so keyboard users land on it. */
import { useEffect, useRef } from "react";
import type { FieldErrors } from "react-hook-form";
import type { ConsoleValues } from "./console-form";
import { fieldAnchor, formErrors } from "./field-error";

export function ErrorSummary({ errors, submitCount }: { errors: FieldErrors<ConsoleValues>; submitCount: number }) {
  const list = formErrors(errors);
  const ref = useRef<HTMLDivElement>(null);
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
            <a href={fieldAnchor(error.path)}>
              <code>{error.path.replace(/^(body|headers|query|params)\./, "")}</code>
            </a>
            : {error.message}
          </li>
        ))}
      </ul>
      <p>Or switch on “send anyway” to see how the sandbox answers it.</p>
    </div>
  );
}
