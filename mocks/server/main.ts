/** The CLI: parse the arguments, start the server, say where everything is, stop cleanly on a signal. */
import { CONTROL_PREFIX } from "../router";
import { parseCliArgs, USAGE } from "./cli-args";
import { SHUTDOWN_GRACE_MS, startSandboxServer, type SandboxServer } from "./start";

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
  server: Pick<SandboxServer, "url" | "publicUrl" | "dataFile" | "database" | "loadedDataFile" | "jsonBackup" | "sandbox" | "tenants"> & { portal?: boolean },
): string {
  const banner = server.tenants ? hostedBanner(server) : localBanner(server);
  if (server.portal !== true) return banner;
  // The portal first: it is what a person opens.
  const [first = "", ...rest] = banner.split("\n");
  return [first, `  portal            ${server.publicUrl}/   (the developer portal, pointed at this server)`, ...rest].join("\n");
}

function localBanner(server: Pick<SandboxServer, "url" | "publicUrl" | "dataFile" | "database" | "loadedDataFile" | "jsonBackup" | "sandbox">): string {
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
 * `portalDir`: the built portal the command serves beside the sandbox (psd2-sandbox's own dist/), unless --no-portal.
 */
export async function main(
  argv: readonly string[],
  io: CliIo = consoleIo,
  env: Readonly<Record<string, string | undefined>> = process.env,
  { portalDir }: { portalDir?: string } = {},
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
    const { noPortal, ...options } = parsed.options;
    server = await startSandboxServer({ ...options, ...(noPortal === true || portalDir === undefined ? {} : { portalDir }), log: io.out });
  } catch (error) {
    io.err(`sandbox: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  io.out(startupBanner(server));
  const stop = onStopSignal(server, io);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return undefined;
}

/**
 * A stop signal that arrives within this long of the first is that same signal delivered again, not a second
 * one: a terminal's Ctrl+C and a container runtime's SIGTERM go to the whole process group, and the parents in
 * it relay what they got to their child too (npm to the command it runs; tsx's launcher to node when node has
 * not said within 30 ms that it got it), so one keypress reached the server two or three times within
 * milliseconds and was taken as "again, at once" (issue 25; decision 0048).
 */
export const REPEATED_SIGNAL_WINDOW_MS = 1_000;

/** The first signal drains; one that comes later than REPEATED_SIGNAL_WINDOW_MS after it exits at once (130). */
export function onStopSignal(server: Pick<SandboxServer, "close" | "database" | "dataFile">, io: CliIo, now: () => number = () => performance.now()) {
  let first: number | undefined;
  return (signal: NodeJS.Signals) => {
    if (first !== undefined) {
      if (now() - first < REPEATED_SIGNAL_WINDOW_MS) return;
      io.err(`sandbox: ${signal} again, exiting without waiting for the requests in flight.`);
      process.exit(130);
    }
    first = now();
    const closing = server.database?.url ?? server.dataFile;
    io.out(
      `sandbox: ${signal}, stopping${closing === undefined ? "" : ` and closing ${closing}`}: requests in flight finish first ` +
        `(up to ${String(SHUTDOWN_GRACE_MS / 1000)} s). Press Ctrl+C again to stop at once.`,
    );
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
}
