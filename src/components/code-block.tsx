import { CopyButton } from "./copy-button";

/** Text shown exactly as it is (never as HTML), scrollable, with a copy button. */
export function CodeBlock({ text, label, copyLabel }: { text: string; label: string; copyLabel?: string }) {
  return (
    <figure className="code-block">
      <figcaption>
        <span>{label}</span>
        <CopyButton text={text} {...(copyLabel ? { label: copyLabel } : {})} />
      </figcaption>
      <pre tabIndex={0} aria-label={label}>
        <code>{text}</code>
      </pre>
    </figure>
  );
}
