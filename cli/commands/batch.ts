/** `psd2-sandbox batch run`: the bank's batch now, whatever the time; and the summary of what runs booked. */
import type { RunsAndClock } from "../../src/contract/control-schemas";
import type { Command } from "../command";
import { CommandError } from "../sandbox-client";

/** One line per batch run: when, and the payments it booked (ACSC) or rejected (RJCT). */
export function runLines({ runs, clock }: RunsAndClock): string[] {
  const lines = runs.map(
    (run) =>
      `batch run at ${run.at} (business date ${run.date}): ${String(run.settled.length)} booked${run.settled.length ? ` (${run.settled.join(", ")})` : ""}, ` +
      `${String(run.rejected.length)} rejected${run.rejected.length ? ` (${run.rejected.join(", ")})` : ""}`,
  );
  return [...(lines.length ? lines : ["no batch run"]), `sandbox clock ${clock.now}; next scheduled batch run ${clock.nextBatchRunAt}`];
}

export const batch: Command = {
  spec: {
    usage: "psd2-sandbox batch run",
    help: "Runs the bank's batch now: every approved single payment that is due is booked (ACSC) or, without funds, rejected (RJCT).",
  },
  async run({ command, client, print }) {
    if (command.positionals.join(" ") !== "run") throw new CommandError("Say what to do: psd2-sandbox batch run.", 2);
    const answer = await client.control("runBatch");
    print(answer, () => runLines(answer));
    return 0;
  },
};
