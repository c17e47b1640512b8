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

/** Limits in words; a pattern is shown as code, since it is one. */
export function Limits({ limits }: { limits: readonly string[] }) {
  return (
    <ul className="limits">
      {limits.map((limit) =>
        limit.startsWith("pattern ") ? (
          <li key={limit}>
            matches <code className="pattern">{limit.slice("pattern ".length)}</code>
          </li>
        ) : (
          <li key={limit}>{limit}</li>
        ),
      )}
    </ul>
  );
}
