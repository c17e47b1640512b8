/** `psd2-sandbox reset [--empty]`: the sandbox back to its start, the fixed data set in it (or nothing). */
import type { Command } from "../command";
import { CommandError } from "../sandbox-client";

export const reset: Command = {
  spec: {
    usage: "psd2-sandbox reset [--empty]",
    help:
      "Empties the sandbox, resets its clock, then fills in the fixed data set (customers, accounts, transactions) as\n" +
      "POST /v1/sandbox/initialize does: the state a new server starts with. --empty leaves it empty.",
    flags: ["--empty"],
  },
  async run({ command, client, print }) {
    if (command.positionals.length > 0) throw new CommandError(`Unexpected ${JSON.stringify(command.positionals[0])}: ${reset.spec.usage}.`, 2);
    const clock = await client.control("resetSandbox");
    const empty = command.flags.has("--empty");
    if (!empty) await client.initialize();
    print({ clock, data: empty ? "empty" : "fixed" }, () => `sandbox reset${empty ? ", empty" : ", with the fixed data set"}; sandbox clock ${clock.now}`);
    return 0;
  },
};
