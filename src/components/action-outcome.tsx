/** What an action (a download, an export) said: its message announced politely, a problem as an alert. */
export function ActionOutcome({ message, problem }: { message?: string | undefined; problem?: string | undefined }) {
  return (
    <>
      <div role="status">{message ? <p className="muted">{message}</p> : null}</div>
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
    </>
  );
}
