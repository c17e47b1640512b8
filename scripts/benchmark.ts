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
 *            (scripts/benchmark/postgres.ts); and the median signed read with 4, 8, 16 and 32 TPPs' sandboxes
 *            active on a hosted server (scripts/benchmark/tenants.ts);
 *   tenants  that last series alone;
 *   bodies   16 imports of 32 MiB at once to a server process: its memory and /healthz meanwhile, unsigned and
 *            signed on a hosted server, unsigned on a local one (scripts/benchmark/bodies.ts; Linux);
 *   start    cold starts, from the command to the first answer, of Prism, psd2-sandbox (the package's prebuilt
 *            server), npm run sandbox and the server run by tsx, taking turns (scripts/benchmark/start.ts).
 * Prints the figures and writes them to .reports/benchmark.json.
 * Options: --only browser|server|postgres|tenants|bodies|start|browser-batch (the browser's batch step alone, three runs), --no-postgres.  Env: BENCH_PORT (vite preview, default 4390; Prism gets +1).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { bodyFigures } from "./benchmark/bodies";
import { browserBatchFigures, browserFigures } from "./benchmark/browser";
import { activeTenantFigures, postgresFigures } from "./benchmark/postgres";
import { serverFigures } from "./benchmark/server";
import { startFigures } from "./benchmark/start";

const PORT = Number(process.env.BENCH_PORT ?? 4390);
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
if (only !== undefined && !["browser", "server", "postgres", "tenants", "bodies", "start", "browser-batch"].includes(only)) {
  console.error("benchmark: --only takes browser, server, postgres, tenants, bodies, start or browser-batch.");
  process.exit(2);
}
const withPostgres = !process.argv.includes("--no-postgres");

const figures: Record<string, unknown> = { measuredAt: new Date().toISOString() };
if (only === "browser-batch") figures.browserBatch = await browserBatchFigures(PORT);
if (only === undefined || only === "browser") figures.browser = await browserFigures(PORT);
if (only === undefined || only === "server")
  figures.server = await serverFigures({ prismPort: PORT + 1, openApiDocument: "dist/openapi.json", requestsPerRound: 2000, rounds: 3, maxSeconds: 20 });
if (only === "tenants") figures.activeTenants = await activeTenantFigures();
if (withPostgres && (only === undefined || only === "postgres"))
  figures.postgres = await postgresFigures({ requests: 1500, scaleRequests: 1500, rounds: 4, maxSeconds: 20 });
if (only === undefined || only === "bodies") figures.bodies = await bodyFigures();
if (only === undefined || only === "start") figures.start = await startFigures();
mkdirSync(".reports", { recursive: true });
writeFileSync(".reports/benchmark.json", `${JSON.stringify(figures, null, 2)}\n`);
console.log(JSON.stringify(figures, null, 2));
