/** The CLI: parse the arguments, start the server, say where everything is, stop cleanly on a signal. */
import { CONTROL_PREFIX } from "../router";
import { parseCliArgs, USAGE } from "./cli-args";
import { startSandboxServer, type SandboxServer } from "./start";

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const consoleIo: CliIo = {
  out: (line) => {
    console.log(line);
  },
  err: (line) => {
    console.error(line);
  },
};

/** What the server prints when it is ready. */
export function startupBanner(
  server: Pick<SandboxServer, "url" | "publicUrl" | "dataFile" | "database" | "loadedDataFile" | "jsonBackup" | "sandbox" | "tenants">,
): string {
  if (server.tenants) return hostedBanner(server);
  const state =
    server.database !== undefined
      ? `PostgreSQL ${server.database.url}, schema ${server.database.schema} (shared with every server on it; every change committed before it is answered)`
      : server.dataFile === undefined
        ? "in memory (gone when the server stops; --data FILE keeps it)"
        : server.jsonBackup !== undefined
          ? `${server.dataFile} (SQLite database, migrated just now from the JSON state file that was there, kept as ${server.jsonBackup})`
          : `${server.dataFile} (SQLite database, ${server.loadedDataFile ? "opened" : "new"}; every change committed before it is answered)`;
  const data = server.sandbox.seeded
    ? "the fixed data set (POST /v1/sandbox/initialize restores it; --empty starts without)"
    : server.loadedDataFile || server.database !== undefined
      ? "as loaded"
      : "empty";
  return [
    `PSD2 sandbox listening on ${server.url}${server.publicUrl === server.url ? "" : ` (clients: ${server.publicUrl})`}`,
    `  state             ${state}`,
    `  data              ${data}`,
    `  base_url          ${server.publicUrl}   (payments, periodic payments, signing baskets)`,
    `  sandbox_base_url  ${server.publicUrl}   (/v1/sandbox/…)`,
    `  controls          ${server.publicUrl}${CONTROL_PREFIX}   (clock, batch, export/import/reset: unsigned, sandbox only)`,
    `  bank page         ${server.publicUrl}/bank/authorize/{payment|basket}/{id}`,
    `  OpenAPI           ${server.publicUrl}/openapi.json`,
    `  health            ${server.url}/healthz   ${server.url}/readyz`,
    `Stop with Ctrl+C.`,
  ].join("\n");
}

/** A hosted server's banner: its tenants, not one sandbox. */
function hostedBanner(server: Pick<SandboxServer, "url" | "publicUrl" | "database">): string {
  const state =
    server.database === undefined
      ? "in memory, one database per TPP (gone when the server stops; --database URL keeps them)"
      : `PostgreSQL ${server.database.url}, one schema per TPP (psd2_tenant_…), shared with every server on it`;
  return [
    `PSD2 sandbox (hosted, multi-tenant) listening on ${server.url}${server.publicUrl === server.url ? "" : ` (clients: ${server.publicUrl})`}`,
    `  tenants           one sandbox per TPP certificate (organizationIdentifier, else fingerprint), the fixed data on first use`,
    `  state             ${state}`,
    `  base_url          ${server.publicUrl}   (payments, periodic payments, signing baskets)`,
    `  sandbox_base_url  ${server.publicUrl}   (/v1/sandbox/…)`,
    `  controls          ${server.publicUrl}${CONTROL_PREFIX}   (signed like the interface; ${CONTROL_PREFIX}info unsigned)`,
    `  bank page         ${server.publicUrl}/bank/authorize/{payment|basket}/{id}?tenant={tenant}`,
    `  OpenAPI           ${server.publicUrl}/openapi.json`,
    `  health            ${server.url}/healthz   ${server.url}/readyz`,
    `Stop with Ctrl+C.`,
  ].join("\n");
}

/**
 * Runs the CLI. Resolves to an exit code when it is done at once (help: 0, bad arguments: 2, a
 * failed start: 1); resolves to undefined once the server is running (a signal then stops it).
 */
export async function main(
  argv: readonly string[],
  io: CliIo = consoleIo,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number | undefined> {
  const parsed = parseCliArgs(argv, env);
  if (parsed.kind === "help") {
    io.out(USAGE);
    return 0;
  }
  if (parsed.kind === "error") {
    io.err(`sandbox: ${parsed.message}\nRun with --help for the options.`);
    return 2;
  }
  let server: SandboxServer;
  try {
    server = await startSandboxServer({ ...parsed.options, log: io.out });
  } catch (error) {
    io.err(`sandbox: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  io.out(startupBanner(server));
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      io.err(`sandbox: ${signal} again, exiting without waiting.`);
      process.exit(130);
    }
    stopping = true;
    const closing = server.database?.url ?? server.dataFile;
    io.out(`sandbox: ${signal}, stopping${closing === undefined ? "" : ` and closing ${closing}`}…`);
    server.close().then(
      () => {
        process.exit(0);
      },
      (error: unknown) => {
        io.err(`sandbox: stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return undefined;
}
