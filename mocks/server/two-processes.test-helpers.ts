/**
 * Test-only: real server processes (`tsx mocks/server.ts`, as `npm run sandbox` starts it) on one
 * schema of the postgres suite's throwaway cluster, each connecting under an application_name of its
 * own so that the tests can tell its sessions and advisory locks apart in pg_stat_activity and
 * pg_locks; and the sandbox's whole state as the export gives it, parsed by the store's own schemas.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AccountRecord, PaymentRecord, TransactionRecord } from "../store/records";
import { adminQuery, postgresUrl } from "../store/postgres/postgres.test-helpers";
import { runCli } from "./cli.test-helpers";
import { httpClient, type HttpClient } from "./http-client.test-helpers";

export interface ServerProcess {
  /** The application_name of every connection it opens. */
  name: string;
  url: string;
  client: HttpClient;
  cli: ReturnType<typeof runCli>;
}

/** Starts one process on `schema`; `cleanups` gets what stops it (SIGKILL if it is still running at the end). */
export async function startServerProcess(schema: string, cleanups: (() => Promise<unknown>)[]): Promise<ServerProcess> {
  const name = `proc_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const cli = runCli(["--port", "0", "--database", `${postgresUrl()}?application_name=${name}`, "--database-schema", schema]);
  cleanups.push(() => (cli.child.exitCode === null && cli.child.signalCode === null ? (cli.child.kill("SIGKILL"), cli.exited) : Promise.resolve()));
  const url = await cli.url();
  return { name, url, client: httpClient(url), cli };
}

const State = z.object({
  stores: z.object({ accounts: z.array(AccountRecord), transactions: z.array(TransactionRecord), payments: z.array(PaymentRecord) }),
});
export type State = z.infer<typeof State>["stores"];

export async function stateOf(client: HttpClient): Promise<State> {
  return State.parse(await client.controlJson("GET", "/__sandbox/export")).stores;
}

/** Every balance of every account in minor units, keyed `resourceId balanceType`. */
export function balancesMinor(state: State): Map<string, number> {
  return new Map(
    state.accounts.flatMap((account) =>
      account.balances.map((balance) => [`${account.resourceId} ${balance.balanceType}`, Math.round(balance.balanceAmount.amount * 100)]),
    ),
  );
}

/**
 * The runs a process's own batch timer did that booked something, as its log says
 * (`batch run <at> (<date>): N settled, M rejected [ids]`, mocks/server/batch-timer.ts): the timer
 * may come first to a run the test asks for, and then the test's request finds nothing left to do.
 */
export function timerRuns(server: ServerProcess): string[][] {
  return [...server.cli.stdout().matchAll(/^batch run \S+ \(\S+\): \d+ settled, \d+ rejected \[([^\]]*)\]$/gm)].map((match) => (match[1] ?? "").split(", "));
}

/** The advisory locks (two-key form, class `lockClass`) of the sessions named `name`: granted or waited for. */
export async function advisoryLocks(name: string, lockClass: number): Promise<{ granted: boolean }[]> {
  return adminQuery<{ granted: boolean }>(
    `select l.granted from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.objsubid = 2 and l.classid::bigint = $1 and a.application_name = $2`,
    [lockClass, name],
  );
}

/** The server processes (backends) of the sessions named `name`. */
export async function backendsOf(name: string): Promise<number[]> {
  return (await adminQuery<{ pid: number }>("select pid from pg_stat_activity where application_name = $1", [name])).map((row) => row.pid);
}

/** Of these backends, the ones still alive, and the locks of any kind they still hold or wait for. */
export async function leftOf(pids: number[]): Promise<{ sessions: number; locks: number }> {
  const [row] = await adminQuery<{ sessions: number; locks: number }>(
    "select (select count(*) from pg_stat_activity where pid = any($1))::int as sessions, (select count(*) from pg_locks where pid = any($1))::int as locks",
    [pids],
  );
  return row ?? { sessions: -1, locks: -1 };
}

/** Polls `check` until it holds; fails naming `what` after `limitMs` (generous: the machine is shared). */
export async function until(what: string, check: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  for (let waited = 0; !(await check()); waited += 50) {
    if (waited > limitMs) throw new Error(`still not so after ${String(limitMs)} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
