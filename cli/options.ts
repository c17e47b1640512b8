/**
 * A command's arguments: its positionals, its own options, and the ones every command against a running server takes
 * (--url, --json, --cert, --key, --help), each of those also from the environment (SANDBOX_URL, SANDBOX_CERT,
 * SANDBOX_KEY), the flag winning.
 */
export const DEFAULT_URL = "http://127.0.0.1:4010";

export interface CommandSpec {
  /** `psd2-sandbox sca approve|decline <paymentId|basketId>`: the synopsis the help and the errors show. */
  usage: string;
  /** What the command does, and its options beyond the common ones, for --help. */
  help: string;
  /** Its own options that take a value ("--to"); a name may be given more than once when in `repeatable`. */
  values?: readonly string[];
  repeatable?: readonly string[];
  /** Its own options without a value ("--empty"). */
  flags?: readonly string[];
}

export interface CommonOptions {
  url: string;
  json: boolean;
  /** PEM files of the certificate and key that sign the control requests (a hosted server wants them). */
  cert?: string;
  key?: string;
}

export interface ParsedCommand {
  positionals: string[];
  values: Map<string, string[]>;
  flags: Set<string>;
  common: CommonOptions;
}

export type CommandParse = { kind: "run"; command: ParsedCommand } | { kind: "help" } | { kind: "error"; message: string };

const COMMON_VALUES = ["--url", "--cert", "--key"];

export const COMMON_HELP = `Options of every command:
  --url URL      The sandbox server (default ${DEFAULT_URL}; env SANDBOX_URL).
  --json         Print the answer as JSON, for a script.
  --cert FILE    PEM certificate to sign the control requests with (env SANDBOX_CERT); with --key.
  --key FILE     Its PEM private key (env SANDBOX_KEY). A hosted (--multi-tenant) server needs both:
                 the commands then act on the sandbox of that certificate.
  -h, --help     Show the command's help.`;

function checkUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return undefined;
  } catch {
    // said below
  }
  return `--url must be the server's address, such as ${DEFAULT_URL}; got ${JSON.stringify(value.slice(0, 100))}.`;
}

export function parseCommand(argv: readonly string[], spec: CommandSpec, env: Readonly<Record<string, string | undefined>>): CommandParse {
  const valueNames = new Set([...COMMON_VALUES, ...(spec.values ?? [])]);
  const flagNames = new Set(["--json", ...(spec.flags ?? [])]);
  const positionals: string[] = [];
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? "";
    if (argument === "--help" || argument === "-h") return { kind: "help" };
    if (argument === "--") {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!argument.startsWith("--") || argument === "-") {
      positionals.push(argument);
      continue;
    }
    const equals = argument.indexOf("=");
    const name = equals > 0 ? argument.slice(0, equals) : argument;
    if (flagNames.has(name) && equals < 0) {
      flags.add(name);
      continue;
    }
    if (!valueNames.has(name)) {
      const known = [...valueNames, ...flagNames, "--help"].join(", ");
      return { kind: "error", message: `${spec.usage.split("\n")[0] ?? ""}: unknown option ${JSON.stringify(name)}; the options are ${known}.` };
    }
    let value: string;
    if (equals > 0) value = argument.slice(equals + 1);
    else {
      const next = argv[index + 1];
      if (next === undefined || (next.startsWith("--") && next.length > 2)) return { kind: "error", message: `${name} needs a value.` };
      value = next;
      index++;
    }
    const earlier = values.get(name);
    if (earlier && !(spec.repeatable ?? []).includes(name)) return { kind: "error", message: `${name} is given twice.` };
    values.set(name, [...(earlier ?? []), value]);
  }
  const one = (name: string, variable: string) => values.get(name)?.[0] ?? (env[variable] === "" ? undefined : env[variable]);
  const url = (one("--url", "SANDBOX_URL") ?? DEFAULT_URL).replace(/\/+$/, "");
  const badUrl = checkUrl(url);
  if (badUrl) return { kind: "error", message: badUrl };
  const cert = one("--cert", "SANDBOX_CERT");
  const key = one("--key", "SANDBOX_KEY");
  if ((cert === undefined) !== (key === undefined))
    return { kind: "error", message: "Give the certificate and its key together: --cert FILE --key FILE (or SANDBOX_CERT and SANDBOX_KEY)." };
  return {
    kind: "run",
    command: {
      positionals,
      values,
      flags,
      common: { url, json: flags.has("--json"), ...(cert === undefined || key === undefined ? {} : { cert, key }) },
    },
  };
}
