/**
 * The sandbox's performance figures (`npm run benchmark`; not part of the test run, which keeps
 * only budgets that hold on a slow machine: docs/decisions/0020):
 *   browser  the in-browser sandbox in Chromium: per-request time, a 100,000-transaction seed and its
 *            pages, a batch over 10,000 due payments (scripts/benchmark/browser.ts);
 *   server   the standalone server over HTTP, beside Prism (a stateless mock of dist/openapi.json,
 *            installed on first use into .cache/prism): throughput at concurrency 10, write latency at
 *            1,000 and 100,000 transactions, deep pages, the batch (scripts/benchmark/server.ts);
 *   postgres one server process on PostgreSQL beside one on a SQLite file, and two processes on one
 *            PostgreSQL sandbox against one for signed payment creation at concurrency 20, on a
 *            throwaway cluster it starts itself, installing PostgreSQL when missing
 *            (scripts/benchmark/postgres.ts);
 *   recording the server with its traffic record and without (--traffic-max-records 0), side by side in
 *            alternating rounds: signed reads and creations, and the recording one's share of the other's rate
 *            (scripts/benchmark/recording.ts; decision 0055);
 *   tenants  the median signed read with 4, 8, 16 and 32 TPPs' sandboxes active on a hosted server on PostgreSQL
 *            (scripts/benchmark/tenants.ts; with postgres, or alone);
 *   bodies   16 imports of 32 MiB at once to a server process: its memory and /healthz meanwhile, unsigned and
 *            signed on a hosted server, unsigned on a local one (scripts/benchmark/bodies.ts; Linux);
 *   start    cold starts, from the command to the first answer, of Prism, psd2-sandbox (the package's prebuilt
 *            server), npm run sandbox and the server run by tsx, taking turns (scripts/benchmark/start.ts).
 * Prints the figures and writes them to .reports/benchmark.json: per area its start, end, machine (cores, load
 * average at start and end) and figures; then takes those areas into docs/performance.json (the others stay as they
 * were) and writes docs/performance.md from it, as `npm run docs:performance` does.
 * Options: --only browser|server|recording|postgres|tenants|bodies|start|browser-batch (the browser's batch step alone, three runs), --no-postgres.  Env: BENCH_PORT (vite preview, default 4390; Prism gets +1).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { bodyFigures } from "./benchmark/bodies";
import { browserBatchFigures, browserFigures } from "./benchmark/browser";
import { activeTenantFigures, postgresFigures } from "./benchmark/postgres";
import { recordingFigures } from "./benchmark/recording";
import { measureArea, type AreaReport } from "./benchmark/machine";
import { serverFigures } from "./benchmark/server";
import type { AreaName } from "./performance-doc/report";
import { updatePerformanceDoc } from "./performance-doc/update";
import { startFigures } from "./benchmark/start";

const PORT = Number(process.env.BENCH_PORT ?? 4390);
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
if (only !== undefined && !["browser", "server", "recording", "postgres", "tenants", "bodies", "start", "browser-batch"].includes(only)) {
  console.error("benchmark: --only takes browser, server, recording, postgres, tenants, bodies, start or browser-batch.");
  process.exit(2);
}
const withPostgres = !process.argv.includes("--no-postgres");

const areas: Partial<Record<AreaName, AreaReport>> = {};
const area = async (name: AreaName, run: () => Promise<unknown>) => {
  areas[name] = await measureArea(run);
};
if (only === "browser-batch") await area("browserBatch", () => browserBatchFigures(PORT));
if (only === undefined || only === "browser") await area("browser", () => browserFigures(PORT));
if (only === undefined || only === "server")
  await area("server", () => serverFigures({ prismPort: PORT + 1, openApiDocument: "dist/openapi.json", requestsPerRound: 2000, rounds: 3, maxSeconds: 20 }));
if (only === undefined || only === "recording") await area("recording", () => recordingFigures({ requestsPerRound: 1000, rounds: 9, maxSeconds: 20 }));
if (withPostgres && (only === undefined || only === "postgres"))
  await area("postgres", () => postgresFigures({ requests: 1500, scaleRequests: 1500, rounds: 4, maxSeconds: 20 }));
if ((withPostgres && only === undefined) || only === "tenants") await area("tenants", activeTenantFigures);
if (only === undefined || only === "bodies") await area("bodies", bodyFigures);
if (only === undefined || only === "start") await area("start", startFigures);
mkdirSync(".reports", { recursive: true });
writeFileSync(".reports/benchmark.json", `${JSON.stringify({ areas }, null, 2)}\n`);
console.log(JSON.stringify({ areas }, null, 2));
updatePerformanceDoc();
console.log("benchmark: docs/performance.json and docs/performance.md updated with these areas (npm run docs:performance).");
