/**
 * The command line of `npm run sandbox`: --port N, --host H, --data FILE, --database URL, --database-schema NAME,
 * --database-connections N, --empty, --allow-origin ORIGIN (repeatable), --public-url URL, --log-format text|json, --multi-tenant,
 * --max-tenants N, --tenants-per-minute N, --tenants-per-address N, --tenants-per-key N, --reclaim-after MINUTES,
 * --trusted-proxy CIDR (repeatable), --traffic-max-records N, --traffic-max-mib N, --no-portal, --help; each also from an environment
 * variable (SANDBOX_PORT, …, SANDBOX_DATABASE_URL), which the flag overrides.
 */
import { parseProxyBlock } from "./client-address";
import { DEFAULT_HOST, DEFAULT_PORT } from "./defaults";
import { parseAllowedOrigin } from "./origins";

export interface CliOptions {
  port: number;
  host: string;
  dataFile?: string;
  /** A PostgreSQL database (postgres://…) instead of SQLite; shared by every server pointed at it. */
  database?: string;
  /** The schema of that database the sandbox's tables are in (default "public"). */
  databaseSchema?: string;
  /** Connections this server opens to that database at most, all included (default 11). */
  databaseConnections?: number;
  /** Start a brand-new sandbox empty instead of with the fixed data set. */
  empty?: boolean;
  /** Web page origins besides loopback ones allowed to call the server. */
  allowOrigins?: string[];
  /** The origin clients reach the server at through a reverse proxy (https://sandbox.example.com): links use it. */
  publicUrl?: string;
  /** One line of text per request (default), or one JSON object per line for a log collector. */
  logFormat?: LogFormat;
  /** Hosted mode: a sandbox per TPP certificate, the controls signed. */
  multiTenant?: boolean;
  /** Hosted mode's bounds on new tenants (in all; per minute, per client address and per key from this process) and its reclaim time. */
  tenantLimits?: { maxTenants?: number; perMinute?: number; perAddress?: number; perKey?: number; reclaimAfterMs?: number };
  /** Hosted mode: reverse proxies whose X-Forwarded-For names the client (addresses or CIDR blocks). */
  trustedProxies?: string[];
  /** How much traffic each sandbox keeps (decision 0055); maxRecords 0 records none. */
  traffic?: { maxRecords?: number; maxBytes?: number };
  /** Serve the sandbox alone, without the portal the command would serve beside it (psd2-sandbox). */
  noPortal?: boolean;
}

export type LogFormat = "text" | "json";

export type CliParse = { kind: "run"; options: CliOptions } | { kind: "help" } | { kind: "error"; message: string };

export const USAGE = `Usage: psd2-sandbox [serve] [options]
       npm run sandbox -- [options]

The PSD2 sandbox as an HTTP server: every operation at both base addresses (the server's origin),
sandbox controls under /__sandbox/, the simulated bank page under /bank/authorize/, and the
developer portal at / (the package's; in a checkout, once built with npm run build), pointed at
this server.

Options:
  --port N       Port to listen on (default ${String(DEFAULT_PORT)}; 0 picks a free port).
  --host H       Address to listen on (default ${DEFAULT_HOST}; 0.0.0.0 for every interface).
  --data FILE    Keep the state in the SQLite database FILE (created if missing; every change is
                 committed before it is answered); default: in memory only. A JSON state file
                 of earlier versions is migrated once, the JSON kept as FILE.json-backup.
  --database URL Keep the state in PostgreSQL at URL (postgres://user:password@host:5432/db; created
                 and migrated on start) instead of SQLite; any number of servers may share it.
                 Not with --data. SANDBOX_DATABASE_URL keeps the password out of the process list.
  --database-schema NAME
                 The schema that holds the sandbox's tables (created if missing; default public):
                 one database can hold several sandboxes.
  --database-connections N
                 Connections this server opens to the database at most, all included (default 11,
                 at least 3); a request that finds them all in use waits briefly, then is answered 503.
  --empty        Start a new sandbox with no data (default: the fixed customers, accounts and
                 transactions of POST /v1/sandbox/initialize). A loaded --data file is kept as it is.
  --allow-origin ORIGIN
                 Let web pages on ORIGIN (such as https://portal.example.com) call the server; may be
                 given more than once. Pages on http://localhost, http://127.0.0.1 and http://[::1]
                 (any port) always may; others cannot change anything or use the controls.
  --public-url URL
                 The origin clients reach this server at through a reverse proxy, such as
                 https://sandbox.example.com: links in answers (_links, Location, the bank page) use
                 it instead of http:// and the request's Host. Host is still checked as without it.
  --log-format text|json
                 One line per request: text (default) or a JSON object (time, method, path,
                 operation, status, ms, tpp) for a log collector.
  --multi-tenant Hosted mode: each TPP (its certificate's organizationIdentifier, else its
                 fingerprint) gets a sandbox of its own, with the fixed data on first use; the
                 controls must be signed like the interface. With --database, a schema per TPP;
                 without, in memory. Not with --data.
  --max-tenants N
                 Hosted mode: TPP sandboxes the database holds at most (default 1000).
  --tenants-per-minute N
                 Hosted mode: new TPP sandboxes this server creates per minute at most (default 30).
  --tenants-per-address N
                 Hosted mode: new TPP sandboxes this server creates per hour for one client address
                 at most (an IPv6 client: its /64; default 20). Checked before the per-minute bound.
  --tenants-per-key N
                 Hosted mode: new TPP sandboxes this server creates per hour for certificates over
                 one key at most (default 5). Checked before the per-minute bound.
  --reclaim-after MINUTES
                 Hosted mode: a TPP sandbox that answered no request beyond its first is dropped
                 after this many minutes without one (default 60).
  --trusted-proxy CIDR
                 Hosted mode: a reverse proxy (address or block, such as 10.0.0.0/8) whose
                 X-Forwarded-For names the client the per-address bound counts; may be given more
                 than once. From any other address the header is ignored.
  --traffic-max-records N
                 Requests each sandbox keeps in its traffic record (GET /__sandbox/requests), the
                 oldest dropped first (default 10000; 0 records none).
  --traffic-max-mib N
                 MiB of stored records each sandbox's traffic record holds at most (default 64).
  --no-portal    Serve the sandbox alone: GET / is then the list of routes, not the portal.
  -h, --help     Show this help.

Each option can also come from the environment; a flag given on the command line wins:
  SANDBOX_PORT, SANDBOX_HOST, SANDBOX_DATA, SANDBOX_DATABASE_URL, SANDBOX_DATABASE_SCHEMA, SANDBOX_DATABASE_CONNECTIONS,
  SANDBOX_EMPTY=1, SANDBOX_ALLOW_ORIGINS (comma-separated), SANDBOX_PUBLIC_URL, SANDBOX_LOG_FORMAT,
  SANDBOX_MULTI_TENANT=1, SANDBOX_MAX_TENANTS, SANDBOX_TENANTS_PER_MINUTE, SANDBOX_TENANTS_PER_ADDRESS,
  SANDBOX_TENANTS_PER_KEY, SANDBOX_RECLAIM_AFTER, SANDBOX_TRUSTED_PROXIES (comma-separated),
  SANDBOX_TRAFFIC_MAX_RECORDS, SANDBOX_TRAFFIC_MAX_MIB, SANDBOX_NO_PORTAL=1.

See docs/standalone-server.md.`;

const VALUE_OPTIONS = [
  "--port",
  "--host",
  "--data",
  "--database",
  "--database-schema",
  "--database-connections",
  "--allow-origin",
  "--public-url",
  "--log-format",
  "--max-tenants",
  "--tenants-per-minute",
  "--tenants-per-address",
  "--tenants-per-key",
  "--reclaim-after",
  "--trusted-proxy",
  "--traffic-max-records",
  "--traffic-max-mib",
] as const;
const FLAG_OPTIONS = ["--empty", "--multi-tenant", "--no-portal"] as const;
type FlagOption = (typeof FLAG_OPTIONS)[number];
const isFlagOption = (name: string): name is FlagOption => (FLAG_OPTIONS as readonly string[]).includes(name);
type ValueOption = (typeof VALUE_OPTIONS)[number];
const isValueOption = (name: string): name is ValueOption => (VALUE_OPTIONS as readonly string[]).includes(name);

const EXAMPLES: Record<ValueOption, string> = {
  "--port": "--port 4010",
  "--host": "--host 127.0.0.1",
  "--data": "--data sandbox.db",
  "--database": "--database postgres://sandbox@db.example.com:5432/sandbox",
  "--database-schema": "--database-schema sandbox_1",
  "--database-connections": "--database-connections 11",
  "--allow-origin": "--allow-origin https://portal.example.com",
  "--public-url": "--public-url https://sandbox.example.com",
  "--log-format": "--log-format json",
  "--max-tenants": "--max-tenants 1000",
  "--tenants-per-minute": "--tenants-per-minute 30",
  "--tenants-per-address": "--tenants-per-address 20",
  "--tenants-per-key": "--tenants-per-key 5",
  "--reclaim-after": "--reclaim-after 60",
  "--trusted-proxy": "--trusted-proxy 10.0.0.0/8",
  "--traffic-max-records": "--traffic-max-records 10000",
  "--traffic-max-mib": "--traffic-max-mib 64",
};

/** The environment variable of each option (an operator's container or service file sets these). */
export const ENVIRONMENT: Record<ValueOption | FlagOption, string> = {
  "--port": "SANDBOX_PORT",
  "--host": "SANDBOX_HOST",
  "--data": "SANDBOX_DATA",
  "--database": "SANDBOX_DATABASE_URL",
  "--database-schema": "SANDBOX_DATABASE_SCHEMA",
  "--database-connections": "SANDBOX_DATABASE_CONNECTIONS",
  "--empty": "SANDBOX_EMPTY",
  "--allow-origin": "SANDBOX_ALLOW_ORIGINS",
  "--public-url": "SANDBOX_PUBLIC_URL",
  "--log-format": "SANDBOX_LOG_FORMAT",
  "--multi-tenant": "SANDBOX_MULTI_TENANT",
  "--max-tenants": "SANDBOX_MAX_TENANTS",
  "--tenants-per-minute": "SANDBOX_TENANTS_PER_MINUTE",
  "--tenants-per-address": "SANDBOX_TENANTS_PER_ADDRESS",
  "--tenants-per-key": "SANDBOX_TENANTS_PER_KEY",
  "--reclaim-after": "SANDBOX_RECLAIM_AFTER",
  "--trusted-proxy": "SANDBOX_TRUSTED_PROXIES",
  "--traffic-max-records": "SANDBOX_TRAFFIC_MAX_RECORDS",
  "--traffic-max-mib": "SANDBOX_TRAFFIC_MAX_MIB",
  "--no-portal": "SANDBOX_NO_PORTAL",
};

/** What a flag's variable set to 1 does, for the message about any other value. */
const FLAG_MEANING: Record<FlagOption, string> = {
  "--empty": "start empty",
  "--multi-tenant": "run hosted, a sandbox per TPP",
  "--no-portal": "serve the sandbox without the portal",
};

/** The hosted mode's numeric bounds: whole numbers of at least 1. */
const TENANT_BOUNDS = ["--max-tenants", "--tenants-per-minute", "--tenants-per-address", "--tenants-per-key", "--reclaim-after"] as const;
const isTenantBound = (name: string): name is (typeof TENANT_BOUNDS)[number] => (TENANT_BOUNDS as readonly string[]).includes(name);
/** Options given more than once add up (a flag's list replaces the environment's). */
const LIST_OPTIONS = new Set<string>(["--allow-origin", "--trusted-proxy"]);

function checkValue(name: ValueOption, value: string): string | undefined {
  if (name === "--port") {
    if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535)
      return `--port must be a whole number from 0 to 65535 (0 picks a free port); got ${JSON.stringify(value)}.`;
    return undefined;
  }
  if (isTenantBound(name)) {
    if (!/^\d{1,7}$/.test(value) || Number(value) < 1)
      return `${name} must be a whole number of at least 1, such as ${EXAMPLES[name]}; got ${JSON.stringify(value)}.`;
    return undefined;
  }
  if (name === "--traffic-max-records")
    return /^\d{1,7}$/.test(value) && Number(value) <= 1_000_000
      ? undefined
      : `--traffic-max-records must be a whole number from 0 (record nothing) to 1000000, such as ${EXAMPLES[name]}; got ${JSON.stringify(value)}.`;
  if (name === "--traffic-max-mib")
    return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65_536
      ? undefined
      : `--traffic-max-mib must be a whole number of MiB from 1 to 65536, such as ${EXAMPLES[name]}; got ${JSON.stringify(value)}.`;
  if (name === "--trusted-proxy") {
    const parsed = parseProxyBlock(value);
    return parsed.ok ? undefined : parsed.problem;
  }
  if (name === "--database-connections") {
    if (!/^\d{1,4}$/.test(value) || Number(value) < 3 || Number(value) > 1000)
      return `--database-connections must be a whole number from 3 to 1000, such as ${EXAMPLES[name]}; got ${JSON.stringify(value)}.`;
    return undefined;
  }
  if (name === "--allow-origin") {
    const parsed = parseAllowedOrigin(value);
    return parsed.ok ? undefined : parsed.problem;
  }
  if (name === "--database") return checkDatabaseUrl(value);
  if (name === "--public-url") return checkPublicUrl(value);
  if (name === "--database-schema")
    return /^[a-z_][a-z0-9_]{0,62}$/.test(value)
      ? undefined
      : `--database-schema must be a lower-case schema name (letters, digits, _; at most 63), such as sandbox_1; got ${JSON.stringify(value)}.`;
  if (name === "--log-format") return value === "text" || value === "json" ? undefined : `--log-format takes text or json; got ${JSON.stringify(value)}.`;
  if (name === "--host")
    return /^[A-Za-z0-9.:[\]%-]+$/.test(value) ? undefined : `--host must be a host name or IP address, such as 127.0.0.1; got ${JSON.stringify(value)}.`;
  return value.trim() === "" ? `--data needs a file name, such as ${EXAMPLES["--data"]}.` : undefined;
}

/** An origin alone (scheme, host, optional port): links append their paths to it. */
function checkPublicUrl(value: string): string | undefined {
  const example = EXAMPLES["--public-url"].slice("--public-url ".length);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `--public-url must be an absolute URL, such as ${example}; got ${JSON.stringify(value.slice(0, 100))}.`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return `--public-url must start https:// (or http://), such as ${example}.`;
  if (url.username !== "" || url.password !== "" || url.pathname !== "/" || url.search !== "" || url.hash !== "")
    return `--public-url is an origin only (scheme, host and port, no path, query or user), such as ${example}; got ${JSON.stringify(value.slice(0, 100))}.`;
  return undefined;
}

/** A PostgreSQL connection URL; the message never repeats the value (it may hold a password). */
function checkDatabaseUrl(value: string): string | undefined {
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    return `--database must be a PostgreSQL URL, such as ${EXAMPLES["--database"].slice("--database ".length)}; this one does not parse.`;
  }
  return protocol === "postgres:" || protocol === "postgresql:"
    ? undefined
    : `--database must be a PostgreSQL URL starting postgres:// or postgresql://, such as ${EXAMPLES["--database"].slice("--database ".length)}.`;
}

/**
 * The environment as command-line arguments, placed before the real ones: the flags then override
 * them (a later value replaces an earlier one of the environment's). A bad value names its variable.
 */
function environmentArgs(env: Readonly<Record<string, string | undefined>>): { args: string[]; count: number } | { problem: string } {
  const args: string[] = [];
  for (const [option, variable] of Object.entries(ENVIRONMENT) as [ValueOption | FlagOption, string][]) {
    const value = env[variable];
    if (value === undefined || value === "") continue;
    if (isFlagOption(option)) {
      if (value !== "1" && value !== "true")
        return {
          problem: `${variable} takes 1 (or true) to ${FLAG_MEANING[option]}; got ${JSON.stringify(value)}.`,
        };
      args.push(option);
      continue;
    }
    const values = LIST_OPTIONS.has(option) ? value.split(",").map((part) => part.trim()) : [value];
    for (const one of values) {
      const problem = checkValue(option, one);
      if (problem) return { problem: `${variable}: ${problem}` };
      args.push(`${option}=${one}`);
    }
  }
  return { args, count: args.length };
}

export function parseCliArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): CliParse {
  const fromEnvironment = environmentArgs(env);
  if ("problem" in fromEnvironment) return { kind: "error", message: fromEnvironment.problem };
  const fromFlags = new Set<string>();
  const fromEnvironmentLists = new Map<string, string[]>();
  const fromFlagLists = new Map<string, string[]>();
  const values: Partial<Record<ValueOption, string>> = {};
  const flags = new Set<FlagOption>();
  const all = [...fromEnvironment.args, ...argv];
  for (let index = 0; index < all.length; index++) {
    const argument = all[index] ?? "";
    const fromEnv = index < fromEnvironment.count;
    if (argument === "--help" || argument === "-h") return { kind: "help" };
    if (isFlagOption(argument)) {
      if (fromFlags.has(argument)) return { kind: "error", message: `${argument} is given twice.` };
      if (!fromEnv) fromFlags.add(argument);
      flags.add(argument);
      continue;
    }
    const equals = argument.indexOf("=");
    const name = argument.startsWith("--") && equals > 0 ? argument.slice(0, equals) : argument;
    if (!isValueOption(name)) {
      return argument.startsWith("-")
        ? {
            kind: "error",
            message:
              `Unknown option ${JSON.stringify(name)}. The options are --port, --host, --data, --database, --database-schema, --database-connections, --empty, ` +
              "--allow-origin, --public-url, --log-format, --multi-tenant, --max-tenants, --tenants-per-minute, --tenants-per-address, --tenants-per-key, " +
              "--reclaim-after, --trusted-proxy, --traffic-max-records, --traffic-max-mib, --no-portal and --help.",
          }
        : { kind: "error", message: `Unexpected argument ${JSON.stringify(argument)}; options start with "--", such as ${EXAMPLES["--port"]}.` };
    }
    let value: string | undefined;
    if (name !== argument) value = argument.slice(equals + 1);
    else {
      const next = all[index + 1];
      if (next === undefined || next.startsWith("--")) return { kind: "error", message: `${name} needs a value, such as ${EXAMPLES[name]}.` };
      value = next;
      index++;
    }
    const problem = checkValue(name, value);
    if (problem) return { kind: "error", message: problem };
    if (LIST_OPTIONS.has(name)) {
      const lists = fromEnv ? fromEnvironmentLists : fromFlagLists;
      lists.set(name, [...(lists.get(name) ?? []), value]);
      continue;
    }
    if (!fromEnv && fromFlags.has(name)) return { kind: "error", message: `${name} is given twice.` };
    if (!fromEnv) fromFlags.add(name);
    values[name] = value;
  }
  const port = values["--port"];
  const data = values["--data"];
  const logFormat = values["--log-format"] as LogFormat | undefined;
  const database = values["--database"];
  const databaseSchema = values["--database-schema"];
  if (database !== undefined && data !== undefined)
    return {
      kind: "error",
      message: "--data (SQLite) and --database (PostgreSQL) name two places for the state (given as flags or SANDBOX_DATA and SANDBOX_DATABASE_URL); give one.",
    };
  if (databaseSchema !== undefined && database === undefined)
    return { kind: "error", message: "--database-schema is for PostgreSQL: give --database URL (or SANDBOX_DATABASE_URL) too." };
  const databaseConnections = values["--database-connections"];
  if (databaseConnections !== undefined && database === undefined)
    return { kind: "error", message: "--database-connections is for PostgreSQL: give --database URL (or SANDBOX_DATABASE_URL) too." };
  const multiTenant = flags.has("--multi-tenant");
  // A list on the command line replaces the environment's rather than adding to it.
  const listOf = (name: string) => fromFlagLists.get(name) ?? fromEnvironmentLists.get(name) ?? [];
  const trustedProxies = listOf("--trusted-proxy");
  if (multiTenant && data !== undefined)
    return {
      kind: "error",
      message:
        "--multi-tenant keeps each TPP's sandbox in PostgreSQL (--database URL), or in memory to try it out; not in a --data file (given as a flag or SANDBOX_DATA).",
    };
  const hostedOnly = [...TENANT_BOUNDS.filter((name) => values[name] !== undefined), ...(trustedProxies.length > 0 ? ["--trusted-proxy"] : [])];
  if (!multiTenant && hostedOnly.length > 0)
    return {
      kind: "error",
      message: `${hostedOnly.join(", ")} ${hostedOnly.length > 1 ? "are" : "is"} for a hosted sandbox: give --multi-tenant (or SANDBOX_MULTI_TENANT=1) too.`,
    };
  const bound = (name: (typeof TENANT_BOUNDS)[number], scale = 1) => (values[name] === undefined ? undefined : Number(values[name]) * scale);
  const tenantLimits = Object.fromEntries(
    Object.entries({
      maxTenants: bound("--max-tenants"),
      perMinute: bound("--tenants-per-minute"),
      perAddress: bound("--tenants-per-address"),
      perKey: bound("--tenants-per-key"),
      reclaimAfterMs: bound("--reclaim-after", 60_000),
    }).filter(([, value]) => value !== undefined),
  );
  const origins = listOf("--allow-origin");
  const maxRecords = values["--traffic-max-records"];
  const maxMib = values["--traffic-max-mib"];
  const traffic = {
    ...(maxRecords === undefined ? {} : { maxRecords: Number(maxRecords) }),
    ...(maxMib === undefined ? {} : { maxBytes: Number(maxMib) * 1024 * 1024 }),
  };
  return {
    kind: "run",
    options: {
      port: port === undefined ? DEFAULT_PORT : Number(port),
      host: values["--host"] ?? DEFAULT_HOST,
      ...(data === undefined ? {} : { dataFile: data }),
      ...(database === undefined ? {} : { database }),
      ...(databaseSchema === undefined ? {} : { databaseSchema }),
      ...(databaseConnections === undefined ? {} : { databaseConnections: Number(databaseConnections) }),
      ...(flags.has("--empty") ? { empty: true } : {}),
      ...(multiTenant ? { multiTenant } : {}),
      ...(flags.has("--no-portal") ? { noPortal: true } : {}),
      ...(Object.keys(tenantLimits).length > 0 ? { tenantLimits } : {}),
      ...(trustedProxies.length > 0 ? { trustedProxies } : {}),
      ...(origins.length > 0 ? { allowOrigins: origins } : {}),
      ...(values["--public-url"] === undefined ? {} : { publicUrl: new URL(values["--public-url"]).origin }),
      ...(logFormat === undefined ? {} : { logFormat }),
      ...(Object.keys(traffic).length > 0 ? { traffic } : {}),
    },
  };
}
