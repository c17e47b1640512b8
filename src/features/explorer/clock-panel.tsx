/**
 * The "Clock & batch" view: the batch schedule, "run now", and moving the sandbox clock forward
 * (which catches up every batch run it passes, in order). Results are announced as they come.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type SyntheticEvent } from "react";
import { sandboxKeys } from "../../lib/query-keys";
import type { ControlBody } from "../../contract/control";
import { clockQuery } from "../../lib/sandbox-queries";
import { sandboxControl } from "../../lib/send";
import { BatchResults, type ClockOutcome } from "./batch-results";
import { ScaWindowForm } from "./sca-window-form";
import { formatOslo, osloInputValue, osloWallToIso } from "../../contract/oslo-time";

type ClockAction = { label: string; run: true } | { label: string; advance: ControlBody<"advanceClock"> };

export function ClockPanel() {
  const queryClient = useQueryClient();
  const clock = useQuery(clockQuery());
  const [target, setTarget] = useState("");
  const [targetError, setTargetError] = useState<string>();
  const act = useMutation({
    mutationFn: async (action: ClockAction): Promise<ClockOutcome> => {
      const result = "advance" in action ? await sandboxControl("advanceClock", { body: action.advance }) : await sandboxControl("runBatch");
      return { action: action.label, runs: result.runs, now: result.clock.now };
    },
    // Any move of the clock answers an earlier refused "move to": its error goes.
    onMutate: () => {
      setTargetError(undefined);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sandboxKeys.all }),
  });
  const busy = act.isPending || !clock.data;
  const next = clock.data?.nextBatchRunAt;

  const moveTo = (event: SyntheticEvent) => {
    event.preventDefault();
    const iso = osloWallToIso(target);
    if (!iso) {
      setTargetError("Choose a date and a time.");
      return;
    }
    if (clock.data && Date.parse(iso) <= Date.parse(clock.data.now)) {
      setTargetError(`The sandbox clock only moves forward: choose a time after ${formatOslo(clock.data.now, false)}.`);
      return;
    }
    setTargetError(undefined);
    act.mutate({ label: `Moved the clock to ${formatOslo(iso, false)}`, advance: { to: iso } });
  };

  return (
    <section aria-labelledby="clock-title">
      <h2 id="clock-title">Clock &amp; batch</h2>
      <p className="lead">
        The sandbox clock follows real time plus an offset that only grows. Five batch runs a Norwegian business day book due payments (ACTC, or PDNG whose date
        has come); moving the clock runs every batch it passes, in order.
      </p>
      <dl className="facts">
        <div>
          <dt>Batch times (Oslo)</dt>
          <dd>{clock.data ? clock.data.batchTimes.join(", ") : "…"}, on business days</dd>
        </div>
        <div>
          <dt>Next batch run</dt>
          <dd>{next ? formatOslo(next, false) : "…"}</dd>
        </div>
      </dl>
      <div className="form-actions" role="group" aria-label="Run the batch or move the clock">
        <button
          type="button"
          className="button-primary"
          disabled={busy}
          onClick={() => {
            act.mutate({ label: "Ran the batch now", run: true });
          }}
        >
          Run batch now
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            act.mutate({ label: "Moved the clock 1 hour", advance: { hours: 1 } });
          }}
        >
          +1 hour
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            act.mutate({ label: "Moved the clock 1 day", advance: { days: 1 } });
          }}
        >
          +1 day
        </button>
        <button
          type="button"
          disabled={busy || !next}
          onClick={() => {
            if (next) act.mutate({ label: `Moved the clock to the batch run at ${formatOslo(next, false)}`, advance: { to: next } });
          }}
        >
          To next batch run
        </button>
      </div>
      <form className="move-to" onSubmit={moveTo} noValidate>
        <label htmlFor="clock-target">Move the clock to (Oslo time)</label>
        <div className="inline-controls">
          <input
            id="clock-target"
            type="datetime-local"
            value={target}
            min={clock.data ? osloInputValue(clock.data.now) : undefined}
            aria-invalid={targetError ? true : undefined}
            aria-describedby={targetError ? "clock-target-error clock-target-hint" : "clock-target-hint"}
            onChange={(event) => {
              setTarget(event.target.value);
            }}
          />
          <button type="submit" disabled={busy}>
            Move clock
          </button>
        </div>
        {targetError ? (
          <p id="clock-target-error" className="field-error" role="alert">
            {targetError}
          </p>
        ) : null}
        <p id="clock-target-hint" className="field-hint">
          Forward only, at most 3660 days at a time. Every batch run on the way is caught up.
        </p>
      </form>
      <ScaWindowForm />
      <div className="clock-outcome" aria-live="polite" aria-atomic="true">
        {act.isPending ? <p className="muted">Working… (catching up batch runs)</p> : null}
        {act.isSuccess ? <BatchResults outcome={act.data} /> : null}
      </div>
      {act.isError ? (
        <p role="alert" className="panel panel-error">
          {act.error.message}
        </p>
      ) : null}
    </section>
  );
}
