/**
 * The sandbox server for the benchmark, in a process of its own (as Prism is), so that the load
 * generator does not share its event loop:
 * `tsx scripts/benchmark/server-process.ts [--data FILE | --database URL --database-schema NAME] [--multi-tenant
 * [--tenants-per-minute N] [--max-open-tenants N]] [--traffic-max-records N]`.
 * It prints one line, the server's URL and this process's id, once it listens, and stops on SIGTERM.
 */
import { startSandboxServer } from "../../mocks/server/start";

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const dataFile = argument("--data");
const database = argument("--database");
const databaseSchema = argument("--database-schema");
const perMinute = argument("--tenants-per-minute");
const maxOpen = argument("--max-open-tenants");
const trafficRecords = argument("--traffic-max-records");
const server = await startSandboxServer({
  port: 0,
  log: false,
  ...(dataFile ? { dataFile } : {}),
  ...(database ? { database, ...(databaseSchema ? { databaseSchema } : {}) } : {}),
  ...(process.argv.includes("--multi-tenant") ? { multiTenant: true } : {}),
  // The benchmark's "without recording" (decision 0055).
  ...(trafficRecords === undefined ? {} : { traffic: { maxRecords: Number(trafficRecords) } }),
  // Every TPP of the benchmark comes from this machine's one address: the per-client bounds (decision 0049) would stop it.
  tenantLimits: {
    perAddress: 1_000_000,
    perKey: 1_000_000,
    ...(perMinute ? { perMinute: Number(perMinute) } : {}),
    ...(maxOpen ? { maxOpen: Number(maxOpen) } : {}),
  },
});
// The id names the process whose main thread is the event loop (tsx starts it as a child of the command).
console.log(`${server.url} ${String(process.pid)}`);
process.on("SIGTERM", () => {
  void server.close().finally(() => process.exit(0));
});
