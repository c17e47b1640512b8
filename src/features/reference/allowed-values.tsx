import type { PatternRule } from "../../lib/schema-rows";

const INLINE_LIMIT = 14;

/** An enum's values: inline when short, behind a disclosure when long (162 currencies). */
export function AllowedValues({ values }: { values: readonly string[] }) {
  if (values.length <= INLINE_LIMIT)
    return (
      <span className="values">
        {values.map((value) => (
          <code key={value}>{value}</code>
        ))}
      </span>
    );
  return (
    <details className="values">
      <summary>{values.length} allowed values</summary>
      <p>{values.join(", ")}</p>
    </details>
  );
}

/** Limits in words; a pattern is shown as code, since it is one, with what it means in words beside it. */
export function Limits({ limits, pattern }: { limits: readonly string[]; pattern?: PatternRule | undefined }) {
  if (limits.length === 0 && !pattern) return null;
  return (
    <ul className="limits">
      {limits.map((limit) => (
        <li key={limit}>{limit}</li>
      ))}
      {pattern ? (
        <li className="pattern-rule">
          {pattern.each ? "each " : ""}
          {pattern.text ? <span className="pattern-text">{pattern.text}</span> : null}
          {pattern.text ? " " : "matches "}
          <span className="pattern-source">
            {pattern.text ? "(pattern " : ""}
            <code className="pattern">{pattern.pattern}</code>
            {pattern.text ? ")" : ""}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
