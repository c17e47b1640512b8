/**
 * A PostgreSQL cluster for the tests: initdb in a new temporary directory, started on a free port of
 * 127.0.0.1 (its socket in the same directory), stopped and deleted by `stop`. PostgreSQL refuses to
 * run as root, so under root the directory is handed to the `postgres` user (Debian's package makes
 * it) and the programs run as that user. Nothing is skipped: when it cannot start, `start` throws
 * saying why, with the server's log.
 *
 * The cluster is for throwaway data: no fsync, unless `durable` (the benchmark, which compares it with
 * a SQLite file whose commits are on disk before a 2xx, keeps PostgreSQL's defaults). Its default collation is ICU's English, as an
 * operator's database often has, so a query that relied on byte order without saying so would
 * answer in another order here (the schema says COLLATE "C" where order matters).
 */
import { execFile, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { findPostgresBin } from "../ensure-postgres.mjs";

const run = promisify(execFile);

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication: no password). */
  url: string;
  /** The postmaster's process id (its backends are its children): what the benchmark reads their CPU time from. */
  serverPid: number;
  /** Stops the server at once and deletes its directory. */
  stop(): Promise<void>;
}

/** A port nothing listens on at 127.0.0.1 now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => {
        resolvePort(port);
      });
    });
  });
}

/** The uid and gid to run PostgreSQL as: the postgres user under root, else the current user (undefined). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  const [uid, gid] = [id("-u"), id("-g")];
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error("PostgreSQL will not run as root, and there is no postgres user to run it as (Debian's postgresql package makes one).");
  return { uid, gid };
}

export interface ThrowawayClusterOptions {
  /** Keep PostgreSQL's durable defaults (fsync, synchronous_commit, full_page_writes on); default false. */
  durable?: boolean;
}

export async function startThrowawayCluster(options: ThrowawayClusterOptions = {}): Promise<ThrowawayCluster> {
  const bin = findPostgresBin();
  if (bin === null) throw new Error("PostgreSQL is not installed: run `node scripts/ensure-postgres.mjs` (npm test does), which installs Debian's postgresql.");
  const user = runAs();
  const directory = mkdtempSync(join(tmpdir(), "sandbox-postgres-"));
  if (user) chownSync(directory, user.uid, user.gid);
  const data = join(directory, "data");
  const logFile = join(directory, "server.log");
  const runOptions = { ...user, cwd: directory, env: { ...process.env, LC_ALL: "C.UTF-8" } };
  const remove = () => {
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await run(
      join(bin, "initdb"),
      ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--locale-provider=icu", "--icu-locale=en-US", "--no-sync"],
      runOptions,
    );
    const port = await freePort();
    const throwaway = options.durable === true ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
    const settings = `-p ${String(port)} -k ${directory} -c listen_addresses=127.0.0.1${throwaway}`;
    await run(join(bin, "pg_ctl"), ["start", "-D", data, "-w", "-t", "60", "-l", logFile, "-o", settings], runOptions);
    return {
      url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
      serverPid: Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]),
      stop: async () => {
        try {
          await run(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-w"], runOptions);
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    let serverLog = "";
    try {
      serverLog = readFileSync(logFile, "utf8").slice(-2000);
    } catch {
      // initdb failed: there is no server log
    }
    remove();
    const output = error instanceof Error && "stderr" in error ? String(error.stderr) : "";
    throw new Error(`The throwaway PostgreSQL cluster did not start: ${error instanceof Error ? error.message : String(error)}\n${output}${serverLog}`, {
      cause: error,
    });
  }
}
