/** The command line of `npm run sandbox`: --port N, --host H, --data FILE, --empty, --allow-origin ORIGIN (repeatable), --help. */
import { DEFAULT_HOST, DEFAULT_PORT } from "./defaults";
import { parseAllowedOrigin } from "./origins";

export interface CliOptions {
  port: number;
  host: string;
  dataFile?: string;
  /** Start a brand-new sandbox empty instead of with the fixed data set. */
  empty?: boolean;
  /** Web page origins besides loopback ones allowed to call the server. */
  allowOrigins?: string[];
}

export type CliParse = { kind: "run"; options: CliOptions } | { kind: "help" } | { kind: "error"; message: string };

export const USAGE = `Usage: npm run sandbox -- [options]
       npx tsx mocks/server.ts [options]

The PSD2 sandbox as an HTTP server: every operation at both base addresses (the server's origin),
sandbox controls under /__sandbox/, the simulated bank page under /bank/authorize/.

Options:
  --port N       Port to listen on (default ${String(DEFAULT_PORT)}; 0 picks a free port).
  --host H       Address to listen on (default ${DEFAULT_HOST}; 0.0.0.0 for every interface).
  --data FILE    Keep the state in the SQLite database FILE (created if missing; every change is
                 committed before it is answered); default: in memory only. A JSON state file
                 of earlier versions is migrated once, the JSON kept as FILE.json-backup.
  --empty        Start a new sandbox with no data (default: the fixed customers, accounts and
                 transactions of POST /v1/sandbox/initialize). A loaded --data file is kept as it is.
  --allow-origin ORIGIN
                 Let web pages on ORIGIN (such as https://portal.example.com) call the server; may be
                 given more than once. Pages on http://localhost, http://127.0.0.1 and http://[::1]
                 (any port) always may; others cannot change anything or use the controls.
  -h, --help     Show this help.

See docs/standalone-server.md.`;

const VALUE_OPTIONS = ["--port", "--host", "--data", "--allow-origin"] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
const isValueOption = (name: string): name is ValueOption => (VALUE_OPTIONS as readonly string[]).includes(name);

const EXAMPLES: Record<ValueOption, string> = {
  "--port": "--port 4010",
  "--host": "--host 127.0.0.1",
  "--data": "--data sandbox.db",
  "--allow-origin": "--allow-origin https://portal.example.com",
};

function checkValue(name: ValueOption, value: string): string | undefined {
  if (name === "--port") {
    if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535)
      return `--port must be a whole number from 0 to 65535 (0 picks a free port); got ${JSON.stringify(value)}.`;
    return undefined;
  }
  if (name === "--allow-origin") {
    const parsed = parseAllowedOrigin(value);
    return parsed.ok ? undefined : parsed.problem;
  }
  if (name === "--host")
    return /^[A-Za-z0-9.:[\]%-]+$/.test(value) ? undefined : `--host must be a host name or IP address, such as 127.0.0.1; got ${JSON.stringify(value)}.`;
  return value.trim() === "" ? `--data needs a file name, such as ${EXAMPLES["--data"]}.` : undefined;
}

export function parseCliArgs(argv: readonly string[]): CliParse {
  const values: Partial<Record<ValueOption, string>> = {};
  const allowOrigins: string[] = [];
  let empty = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? "";
    if (argument === "--help" || argument === "-h") return { kind: "help" };
    if (argument === "--empty") {
      if (empty) return { kind: "error", message: "--empty is given twice." };
      empty = true;
      continue;
    }
    const equals = argument.indexOf("=");
    const name = argument.startsWith("--") && equals > 0 ? argument.slice(0, equals) : argument;
    if (!isValueOption(name)) {
      return argument.startsWith("-")
        ? { kind: "error", message: `Unknown option ${JSON.stringify(name)}. The options are --port, --host, --data, --empty, --allow-origin and --help.` }
        : { kind: "error", message: `Unexpected argument ${JSON.stringify(argument)}; options start with "--", such as ${EXAMPLES["--port"]}.` };
    }
    let value: string | undefined;
    if (name !== argument) value = argument.slice(equals + 1);
    else {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith("--")) return { kind: "error", message: `${name} needs a value, such as ${EXAMPLES[name]}.` };
      value = next;
      index++;
    }
    const problem = checkValue(name, value);
    if (problem) return { kind: "error", message: problem };
    if (name === "--allow-origin") {
      allowOrigins.push(value);
      continue;
    }
    if (values[name] !== undefined) return { kind: "error", message: `${name} is given twice.` };
    values[name] = value;
  }
  const port = values["--port"];
  const data = values["--data"];
  return {
    kind: "run",
    options: {
      port: port === undefined ? DEFAULT_PORT : Number(port),
      host: values["--host"] ?? DEFAULT_HOST,
      ...(data === undefined ? {} : { dataFile: data }),
      ...(empty ? { empty } : {}),
      ...(allowOrigins.length > 0 ? { allowOrigins } : {}),
    },
  };
}
