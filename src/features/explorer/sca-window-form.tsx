/** How long a payment may await SCA before it expires (decision 0029): shown and set beside the clock. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type SyntheticEvent } from "react";
import { SCA_WINDOW_MINUTES, ScaWindow } from "../../contract/control-schemas";
import { sandboxKeys } from "../../lib/query-keys";
import { clockQuery } from "../../lib/sandbox-queries";
import { sandboxControl } from "../../lib/send";

export function ScaWindowForm() {
  const queryClient = useQueryClient();
  const clock = useQuery(clockQuery());
  const [text, setText] = useState<string>();
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (minutes: number) => sandboxControl("setScaWindow", { body: { minutes } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sandboxKeys.all }),
  });
  const current = clock.data?.scaWindowMinutes;
  const value = text ?? (current === undefined ? "" : String(current));

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = ScaWindow.safeParse({ minutes: value.trim() === "" ? Number.NaN : Number(value) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? `The SCA window is 1 to ${String(SCA_WINDOW_MINUTES.max)} minutes.`);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.minutes);
  };

  return (
    <form className="move-to" onSubmit={submit} noValidate aria-labelledby="sca-window-title">
      <h3 id="sca-window-title">SCA expiry</h3>
      <label htmlFor="sca-window">Minutes a payment may await SCA</label>
      <div className="inline-controls">
        <input
          id="sca-window"
          type="number"
          inputMode="numeric"
          min={1}
          max={SCA_WINDOW_MINUTES.max}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "sca-window-error sca-window-hint" : "sca-window-hint"}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        <button type="submit" disabled={save.isPending || !clock.data}>
          Set SCA window
        </button>
      </div>
      {error ? (
        <p id="sca-window-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p id="sca-window-hint" className="field-hint">
        A payment or signing basket not approved within this many minutes of the sandbox clock is rejected (RJCT), and its bank page says it expired. The
        default, {SCA_WINDOW_MINUTES.default}, is xs2a&apos;s lifetime of an SCA link; “+1 hour” above lets one expire at once.
      </p>
      <p aria-live="polite" className="muted">
        {save.isSuccess ? `Payments now expire ${String(save.data.scaWindowMinutes)} minutes after their initiation unless approved.` : ""}
      </p>
      {save.isError ? (
        <p role="alert" className="panel panel-error">
          {save.error.message}
        </p>
      ) : null}
    </form>
  );
}
