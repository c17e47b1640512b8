/** What a command of the terminal is: its spec (usage, help, options) and what it does with a client and the output. */
import type { CommandSpec, ParsedCommand } from "./options";
import type { SandboxClient } from "./sandbox-client";

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface CommandContext {
  command: ParsedCommand;
  client: SandboxClient;
  io: Output;
  /** Given where a command that goes on until stopped (tail --follow) runs inside another program: its stop. */
  signal?: AbortSignal;
  /** Prints `value` as JSON when --json was given, else the lines `text` makes of it. */
  print: (value: unknown, text: () => string | string[]) => void;
}

export interface Command {
  spec: CommandSpec;
  /** The exit status: 0 done; 1 the server refused or a check failed (report). Throws CommandError for the rest. */
  run: (context: CommandContext) => Promise<number>;
}

export const SUBJECTS = ["payment", "basket"] as const;
