import { useState } from "react";

/** Copies text to the clipboard and says so, for sighted and screen-reader users alike. */
/** `context` names what is copied for screen readers when several copy buttons share a label. */
export function CopyButton({ text, label = "Copy", context }: { text: string; label?: string; context?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => {
      setState("idle");
    }, 2000);
  };
  return (
    <button type="button" className="button-small" onClick={copy}>
      {label}
      {context ? <span className="visually-hidden"> {context}</span> : null}
      <span role="status" className="copy-status">
        {state === "copied" ? " ✓ copied" : state === "failed" ? " (copy failed: select the text)" : ""}
      </span>
    </button>
  );
}
