/**
 * The psd2-sandbox command: `psd2-sandbox [serve] [options]` starts the sandbox server (with the portal, when given one);
 * `psd2-sandbox <command> …` drives a running one from the terminal (docs/ci.md). The server's code is loaded only
 * to serve: a command against a running server starts in the time Node takes to read the contract.
 */
import type { Command, CommandContext, Output } from "./command";
import { batch } from "./commands/batch";
import { clock } from "./commands/clock";
import { exportSandbox, importSandbox } from "./commands/export-import";
import { report } from "./commands/report";
import { reset } from "./commands/reset";
import { sca } from "./commands/sca";
import { scenario } from "./commands/scenario";
import { tail } from "./commands/tail";
import { USAGE } from "../mocks/server/cli-args";
import { COMMON_HELP, parseCommand } from "./options";
import { CommandError, sandboxClient } from "./sandbox-client";

export const COMMANDS: Readonly<Record<string, Command>> = {
  sca,
  batch,
  clock,
  scenario,
  reset,
  export: exportSandbox,
  import: importSandbox,
  tail,
  report,
};

const consoleOutput: Output = {
  out: (line) => {
    process.stdout.write(`${line}\n`);
  },
  err: (line) => {
    process.stderr.write(`${line}\n`);
  },
};

/** `psd2-sandbox --help`: the server's options (as `npm run sandbox -- --help` prints them), then the commands. */
export const OVERVIEW = `${USAGE}

Usage: psd2-sandbox <command> [options]     drive a running sandbox server from the terminal (docs/ci.md)

Commands:
${Object.values(COMMANDS)
  .map((command) => `  ${command.spec.usage}`)
  .join("\n")}

${COMMON_HELP}

psd2-sandbox <command> --help says more of each.
Exit status of a command: 0 done, 1 the server refused (or is not there) or a report check failed, 2 bad arguments.`;

export interface RunOptions {
  io?: Output;
  env?: Readonly<Record<string, string | undefined>>;
  /** The built portal the server serves beside the sandbox (the package's dist/). */
  portalDir?: string;
  /** Stops a command that goes on until stopped (tail --follow), as Ctrl+C would, with status 0. */
  signal?: AbortSignal;
}

/** Runs the command line; resolves to the exit status, or undefined while a started server runs (a signal stops it). */
export async function runCli(
  argv: readonly string[],
  { io = consoleOutput, env = process.env, portalDir, signal }: RunOptions = {},
): Promise<number | undefined> {
  const [first, ...rest] = argv;
  if (first === "--help" || first === "-h" || first === "help") {
    io.out(OVERVIEW);
    return 0;
  }
  if (first === undefined || first === "serve" || first.startsWith("-")) {
    const { main } = await import("../mocks/server/main");
    return main(first === "serve" ? rest : argv, io, env, portalDir === undefined ? {} : { portalDir });
  }
  const command = COMMANDS[first];
  if (!command) {
    io.err(`psd2-sandbox: no command ${JSON.stringify(first)}. The commands are serve, ${Object.keys(COMMANDS).join(", ")}; psd2-sandbox --help says more.`);
    return 2;
  }
  const parsed = parseCommand(rest, command.spec, env);
  if (parsed.kind === "help") {
    io.out(`Usage: ${command.spec.usage}\n\n${command.spec.help}\n\n${COMMON_HELP}`);
    return 0;
  }
  if (parsed.kind === "error") {
    io.err(`psd2-sandbox ${first}: ${parsed.message}\nUsage: ${command.spec.usage} (--help says more).`);
    return 2;
  }
  const { command: given } = parsed;
  const context: CommandContext = {
    command: given,
    client: sandboxClient(given.common),
    io,
    ...(signal === undefined ? {} : { signal }),
    print: (value, text) => {
      const lines = given.common.json ? JSON.stringify(value, null, 2) : text();
      for (const line of Array.isArray(lines) ? lines : [lines]) io.out(line);
    },
  };
  try {
    return await command.run(context);
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    if (given.common.json) io.out(JSON.stringify({ error: error.message, ...(error.status === undefined ? {} : { status: error.status }) }));
    io.err(`psd2-sandbox ${first}: ${error.message}`);
    return error.exitCode;
  }
}
