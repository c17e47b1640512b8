/**
 * docs/performance.md from docs/performance.json: one table per area, each under the date, machine and load
 * average it was measured at. Only current figures: how a figure was reached is in the decision records.
 */
import { figure as at, itemsAt, keysAt, type Area, type AreaName, type Report } from "./report";

type Row = [what: string, measured: string, target: string];

const number = (value: number | undefined, digits = 1) =>
  value === undefined ? "—" : value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const seconds = (ms: number | undefined) => (ms === undefined ? "—" : `${number(ms / 1000)} s`);
const ms = (value: number | undefined) => (value === undefined ? "—" : `${number(value)} ms`);
const several = (values: number[], digits = 0) => values.map((value) => number(value, digits)).join(", ");
/** Whether a target was met; "not met" on a machine busier than its cores says so, as the load may be the cause. */
const judge = (busy: boolean) => (met: boolean | undefined, target: string) =>
  `${target}: ${met === undefined ? "not measured" : met ? "met" : busy ? "**not met** at that load" : "**not met**"}`;
/** CPU seconds as milliseconds, for `seconds`. */
const cpu = (f: unknown, path: string) => {
  const value = at(f, path);
  return value === undefined ? undefined : value * 1000;
};
const atMost = (value: number | undefined, bound: number) => (value === undefined ? undefined : value <= bound);

const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");

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

function browser(f: unknown, busy: boolean): string {
  const verdict = judge(busy);
  const rows: Row[] = keysAt(f, "firstScreens.pages").map((page) => {
    const [lcp, tbt] = [at(f, `firstScreens.pages.${page}.lcpMs`), at(f, `firstScreens.pages.${page}.tbtMs`)];
    return [
      `first screen \`${page}\`: LCP / TBT, median of 5 cold loads`,
      `${ms(lcp)} / ${ms(tbt)}`,
      verdict(atMost(lcp, 1000) && atMost(tbt, 100), "≤ 1,000 / ≤ 100 ms"),
    ];
  });
  rows.push(
    ["a signed request through the service worker: p50 / p95", `${ms(at(f, "perRequest.p50Ms"))} / ${ms(at(f, "perRequest.p95Ms"))}`, ""],
    ["the same, the dispatcher alone: p50 / p95", `${ms(at(f, "perRequestDispatchOnly.p50Ms"))} / ${ms(at(f, "perRequestDispatchOnly.p95Ms"))}`, ""],
    [
      "a 100,000-transaction seed, an export imported as the explorer imports it",
      seconds(at(f, "transactions100k.seedByImportMs")),
      verdict(atMost(at(f, "transactions100k.seedByImportMs"), 10_000), "≤ 10 s"),
    ],
    [
      "a 200-row page of it: first / by key mid-list / offset 50,000 (store); first over HTTP (p50)",
      `${ms(at(f, "transactions100k.firstPageMs"))} / ${ms(at(f, "transactions100k.middlePageByCursorMs"))} / ${ms(at(f, "transactions100k.offset50000PageMs"))}; ${ms(at(f, "transactions100k.firstPageOverHttpP50Ms"))}`,
      "",
    ],
    [
      "a batch over 10,000 due payments",
      `${seconds(at(f, "batch10k.totalMs"))} (${number(at(f, "batch10k.settled"), 0)} settled; CPU: Chromium's browser process ${seconds(cpu(f, "batch10k.cpuSeconds.browser"))}, renderer ${seconds(cpu(f, "batch10k.cpuSeconds.renderer"))})`,
      verdict(atMost(at(f, "batch10k.totalMs"), 10_000), "≤ 10 s"),
    ],
  );
  return table(["what", "measured", "target (issue 9; first screens issue 5)"], rows);
}

function browserBatch(f: unknown): string {
  const rows = itemsAt(f, "runs").map((run, index) => [
    String(index + 1),
    seconds(at(run, "totalMs")),
    number(at(run, "loadAverageAtStart"), 2),
    seconds(cpu(run, "cpuSeconds.browser")),
    seconds(cpu(run, "cpuSeconds.renderer")),
  ]);
  return table(["run", "wall time", "load average at start", "browser process CPU", "renderer CPU"], rows);
}

function server(f: unknown, busy: boolean): string {
  const verdict = judge(busy);
  const beside = (kind: string, what: string): Row => {
    const [own, prism] = [at(f, `throughput.sandboxServer.${kind}.requestsPerSecond`), at(f, `throughput.prism.${kind}.requestsPerSecond`)];
    const rounds = (name: string) => several(itemsAt(f, `throughput.${name}.${kind}.roundsPerSecond`).map((rate) => (typeof rate === "number" ? rate : NaN)));
    return [
      what,
      `server ${number(own, 0)}, Prism ${number(prism, 0)} requests/s (median round; rounds: server ${rounds("sandboxServer")}, Prism ${rounds("prism")})`,
      verdict(own === undefined || prism === undefined ? undefined : own >= prism, `≥ Prism${own && prism ? ` (${number(own / prism, 2)}×)` : ""}`),
    ];
  };
  const [w1k, w100k] = [at(f, "writeAt1k.p50Ms"), at(f, "writeAt100k.p50Ms")];
  const pages = ["offset0Ms", "offset50000Ms", "offset99800Ms"].map((key) => at(f, `page200At100k.${key}`));
  const rows: Row[] = [
    beside("read50", "signed 50-row transaction list, concurrency 10"),
    beside("createPayment", "signed payment creation, durable, concurrency 10"),
    ["a write at 1,000 / 100,000 transactions: p50", `${ms(w1k)} / ${ms(w100k)}`, verdict(w1k && w100k ? w100k <= 1.5 * w1k : undefined, "within 1.5×")],
    [
      "a 200-row page at offset 0 / 50,000 / 99,800 of 100,000",
      pages.map(ms).join(" / "),
      verdict(
        pages.every((page) => page !== undefined && page <= 20),
        "≤ 20 ms",
      ),
    ],
    ["a batch over 10,000 due payments", seconds(at(f, "batch10k.totalMs")), verdict(atMost(at(f, "batch10k.totalMs"), 5000), "≤ 5 s")],
    [`importing 100,000 transactions (${number(at(f, "seed100k.mebibytes"), 0)} MiB)`, seconds(at(f, "seed100k.importMs")), ""],
  ];
  return table(["what", "measured", "target (issue 9)"], rows);
}

function postgres(f: unknown, busy: boolean): string {
  const verdict = judge(busy);
  const one = (kind: string) =>
    `${number(at(f, `oneProcess.sqliteFile.${kind}.requestsPerSecond`), 0)} / ${number(at(f, `oneProcess.postgres.${kind}.requestsPerSecond`), 0)} requests/s`;
  const scale = (key: string, what: string): Row => {
    const rounds = itemsAt(f, `${key}.rounds`);
    const median = at(f, `${key}.ratio.median`);
    return [
      what,
      `one ${several(rounds.map((round) => at(round, "one.requestsPerSecond") ?? NaN))}, two ${several(rounds.map((round) => at(round, "two.requestsPerSecond") ?? NaN))} requests/s; two/one ${number(at(f, `${key}.ratio.min`), 2)}–${number(at(f, `${key}.ratio.max`), 2)}, median ${number(median, 2)}`,
      verdict(median === undefined ? undefined : median >= 1.3, "≥ 1.3×"),
    ];
  };
  return table(
    ["what", "measured", "target (issue 13)"],
    [
      ["one process, SQLite file / PostgreSQL: signed 50-row read, concurrency 10", one("read50"), "figures only"],
      ["one process, SQLite file / PostgreSQL: signed payment creation, concurrency 10", one("createPayment"), "figures only"],
      scale("twoVersusOne", "two processes on one PostgreSQL sandbox against one: signed payment creation, concurrency 20, alternating rounds"),
      scale("twoVersusOneHosted", "the same in hosted mode, spread over 4 TPPs' sandboxes"),
    ],
  );
}

function tenants(f: unknown): string {
  const rows = ["4", "8", "16", "32"].map((count) => [count, ms(at(f, `defaults.${count} tenants.p50Ms`)), ms(at(f, `atMost8Open.${count} tenants.p50Ms`))]);
  return table(["active TPP sandboxes", "signed 50-row read, p50 (the server's defaults)", "the same, at most 8 kept open"], rows);
}

function bodies(f: unknown): string {
  const rows = [
    ["hosted, unsigned", "hostedUnsigned"],
    ["hosted, signed", "hostedSigned"],
    ["local, unsigned", "localUnsigned"],
  ].map(([what = "", key]) => [
    what,
    `${number(at(f, `${key}.rssPeakGrowthMiB`))} MiB`,
    `${number(at(f, `${key}.rssGrowth2sLaterMiB`))} MiB`,
    `${ms(at(f, `${key}.healthz.p50Ms`))} / ${ms(at(f, `${key}.healthz.worstMs`))}`,
    `${ms(at(f, `${key}.healthzAtRest.p50Ms`))} / ${ms(at(f, `${key}.healthzAtRest.worstMs`))}`,
  ]);
  return table(["server", "memory growth at the peak", "2 s after", "/healthz meanwhile: p50 / worst", "/healthz at rest: p50 / worst"], rows);
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
0023, the server's throughput in 0040, 0043 and 0044, PostgreSQL in 0038, 0041 and 0042, tenants in 0047, bodies in 0046.`;
