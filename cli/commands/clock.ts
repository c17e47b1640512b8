/** `psd2-sandbox clock [show] | advance <days> | advance --to <time>`: the sandbox clock, moved forward (batch runs it passes run). */
import type { Command } from "../command";
import { CommandError } from "../sandbox-client";
import { runLines } from "./batch";

export const clock: Command = {
  spec: {
    usage: "psd2-sandbox clock [show] | clock advance <days> [--hours N] [--minutes N] | clock advance --to <time>",
    help:
      "Shows the sandbox clock, or moves it forward: by whole days (and --hours, --minutes), or to an instant (--to\n" +
      "2030-01-02T09:00:00+01:00). The batch runs that fall due on the way run in order. The clock only moves forward.",
    values: ["--to", "--hours", "--minutes"],
  },
  async run({ command, client, print }) {
    const [action = "show", ...rest] = command.positionals;
    if (action === "show" && rest.length === 0) {
      const now = await client.control("sandboxClock");
      print(now, () => [`sandbox clock ${now.now} (business date ${now.today}); last batch run ${now.lastBatchRunAt ?? "none"}, next ${now.nextBatchRunAt}`]);
      return 0;
    }
    if (action !== "advance" || rest.length > 1) throw new CommandError(`Unknown clock action; ${clock.spec.usage}.`, 2);
    const whole = (text: string | undefined, what: string) => {
      if (text === undefined) return undefined;
      if (!/^\d{1,7}$/.test(text)) throw new CommandError(`${what} is a whole number, such as 1; got ${JSON.stringify(text)}.`, 2);
      return Number(text);
    };
    const to = command.values.get("--to")?.[0];
    const days = whole(rest[0], "The number of days");
    const hours = whole(command.values.get("--hours")?.[0], "--hours");
    const minutes = whole(command.values.get("--minutes")?.[0], "--minutes");
    if (to !== undefined && (days ?? hours ?? minutes) !== undefined)
      throw new CommandError("Give either --to <time> or how far (days, --hours, --minutes), not both.", 2);
    if (to === undefined && (days ?? hours ?? minutes) === undefined) throw new CommandError(`Say how far: ${clock.spec.usage}.`, 2);
    const body =
      to !== undefined
        ? { to }
        : { ...(days === undefined ? {} : { days }), ...(hours === undefined ? {} : { hours }), ...(minutes === undefined ? {} : { minutes }) };
    const answer = await client.control("advanceClock", { body });
    print(answer, () => runLines(answer));
    return 0;
  },
};
