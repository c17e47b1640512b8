/** `psd2-sandbox export [--output FILE]` and `psd2-sandbox import <file>`: the whole sandbox as one JSON document, and back. */
import { readFile, writeFile } from "node:fs/promises";
import type { Command } from "../command";
import { CommandError } from "../sandbox-client";

export const exportSandbox: Command = {
  spec: {
    usage: "psd2-sandbox export [--output FILE]",
    help: "Writes the whole sandbox as one JSON document (the portal's export format) to FILE, or to standard output.",
    values: ["--output"],
  },
  async run({ command, client, io }) {
    if (command.positionals.length > 0) throw new CommandError(`Unexpected ${JSON.stringify(command.positionals[0])}: ${exportSandbox.spec.usage}.`, 2);
    const document = await client.control("exportSandbox");
    const text = `${JSON.stringify(document, null, 2)}\n`;
    const file = command.values.get("--output")?.[0];
    if (file === undefined) {
      io.out(text.trimEnd());
      return 0;
    }
    try {
      await writeFile(file, text);
    } catch (error) {
      throw new CommandError(`Cannot write ${file} (${error instanceof Error ? error.message : String(error)}).`);
    }
    io.err(`exported the sandbox to ${file}`);
    return 0;
  },
};

export const importSandbox: Command = {
  spec: {
    usage: "psd2-sandbox import <file>",
    help: "Replaces the whole sandbox with an export (from `psd2-sandbox export` or the portal). It is checked first: a refused file changes nothing.",
  },
  async run({ command, client, print }) {
    const [file, ...extra] = command.positionals;
    if (file === undefined || extra.length > 0) throw new CommandError(`Name the file: ${importSandbox.spec.usage}.`, 2);
    let document: unknown;
    try {
      document = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      throw new CommandError(
        `Cannot read ${file} as JSON (${error instanceof Error ? error.message : String(error)}); give a file written by psd2-sandbox export.`,
        2,
      );
    }
    const clock = await client.control("importSandbox", { body: document });
    print({ imported: file, clock }, () => `imported ${file}; sandbox clock ${clock.now}`);
    return 0;
  },
};
