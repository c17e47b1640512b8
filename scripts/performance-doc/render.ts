/**
 * docs/performance.md from docs/performance.json: one table per area, each under the date, machine and load
 * average it was measured at. Only current figures: how a figure was reached is in the decision records.
 */
import { number } from "./format";
import type { Area, AreaName, Report } from "./report";
import { bodies, browser, browserBatch, postgres, recording, server, start, tenants } from "./tables";

const minute = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** A load average (1 minute) above the cores at the start or the end: other work shared the machine. */
const busyDuring = ({ machine }: Area) => Math.max(machine.loadAverageStart[0] ?? 0, machine.loadAverageEnd[0] ?? 0) > machine.cores;

/** When, on what, and how busy the machine was: a figure measured at a load average above the cores is an upper figure. */
export function measuredOn(area: Area): string {
  const { measuredAt, finishedAt, machine } = area;
  const [start = NaN] = machine.loadAverageStart;
  const [end = NaN] = machine.loadAverageEnd;
  const busy = busyDuring(area);
  return [
    `Measured ${minute(measuredAt)}–${minute(finishedAt).slice(11)} UTC on ${String(machine.cores)} cores (${machine.cpu}, ${number(machine.memoryGiB)} GiB,`,
    `Node ${machine.node}); load average (1 minute) ${number(start, 2)} at the start, ${number(end, 2)} at the end${
      busy ? ": other work shared the machine, so times are upper figures and rates lower ones." : "."
    }`,
  ].join("\n");
}

export const SECTIONS: Record<AreaName, { title: string; what: string; table: (figures: unknown, busy: boolean) => string }> = {
  browser: {
    title: "The in-browser sandbox (Chromium)",
    what: "`npm run benchmark -- --only browser`: the production build in Debian's Chromium, the sandbox in its service worker and IndexedDB.",
    table: browser,
  },
  browserBatch: {
    title: "The batch in Chromium, alone",
    what: "`npm run benchmark -- --only browser-batch`: a batch over 10,000 due payments, three runs, with the CPU Chromium's processes spent (on a shared machine the CPU moves far less than the wall time).",
    table: browserBatch,
  },
  server: {
    title: "The standalone server beside Prism",
    what: "`npm run benchmark -- --only server`: the server in a process of its own on a SQLite `--data` file, over HTTP only, beside Prism 5 (a stateless mock of `dist/openapi.json`) in alternating rounds of the same signed requests, after a warm-up.",
    table: server,
  },
  recording: {
    title: "The traffic record's cost",
    what: "`npm run benchmark -- --only recording`: two server processes on SQLite files, one recording every request and one started with `--traffic-max-records 0`; the signed creations, then the signed reads, each in nine rounds of the same 1,000 requests to both, alternating which goes first (a round's share is the recording server's rate over the other's in that round), and each round the CPU each server's event loop spent per request (its main thread's, from Linux's schedstat), recording over without.",
    table: recording,
  },
  postgres: {
    title: "On PostgreSQL",
    what: "`npm run benchmark -- --only postgres`: a throwaway cluster with `fsync` and `synchronous_commit` on; what the figures mean for running N processes: [deployment.md](deployment.md#how-far-it-scales).",
    table: postgres,
  },
  tenants: {
    title: "Hosted: reaching a tenant",
    what: "`npm run benchmark -- --only tenants`: one hosted server process on PostgreSQL, signed reads spread in turn over the active TPP sandboxes, concurrency 4 ([deployment.md](deployment.md#reaching-a-tenant-decision-0047)).",
    table: tenants,
  },
  bodies: {
    title: "Large bodies",
    what: "`npm run benchmark -- --only bodies`: 16 imports of 32 MiB at once to one server process, its memory and its `/healthz` meanwhile (decision 0046).",
    table: bodies,
  },
  start: {
    title: "Cold start",
    what: "`npm run benchmark -- --only start`: from the command to its first answer, Prism, `psd2-sandbox` (the package's prebuilt server), `npm run sandbox` and the server run by tsx taking turns, round after round (decision 0057).",
    table: start,
  },
};

export function renderPerformance(report: Report): string {
  const sections = (Object.keys(SECTIONS) as AreaName[]).flatMap((name) => {
    const area = report.areas[name];
    if (area === undefined) return [];
    const section = SECTIONS[name];
    return [`## ${section.title}`, section.what, measuredOn(area), section.table(area.figures, busyDuring(area))];
  });
  return `${[HEADER, ...sections].join("\n\n")}\n`;
}

const HEADER = `# Performance

<!-- Made by \`npm run docs:performance\` from docs/performance.json; do not edit by hand. -->

The current figures, one table per area, each with the date, the machine and its load average when it was measured.
\`npm run benchmark\` measures (all areas, or one with \`-- --only AREA\`) and then runs \`npm run docs:performance\`,
which takes the areas measured into \`docs/performance.json\` (the others keep theirs) and writes this page from it.
The targets are the issues'. The test run keeps only budgets that hold on a machine three times slower (decision
0020); how each figure was reached, and what was tried, is in the decision records: the browser's storage in
0023, the server's throughput in 0040, 0043 and 0044, the traffic record in 0055, PostgreSQL in 0038, 0041 and 0042, tenants in 0047, bodies in 0046, the cold start in 0057.`;
