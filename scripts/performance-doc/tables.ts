/** One table per area of the benchmark's figures, from the keys scripts/benchmark/*.ts writes. */
import { atMost, cpu, judge, ms, number, seconds, several, table, type Row } from "./format";
import { figure as at, itemsAt, keysAt, numbersAt } from "./report";

export function browser(f: unknown, busy: boolean): string {
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

export function browserBatch(f: unknown): string {
  const rows = itemsAt(f, "runs").map((run, index) => [
    String(index + 1),
    seconds(at(run, "totalMs")),
    number(at(run, "loadAverageAtStart"), 2),
    seconds(cpu(run, "cpuSeconds.browser")),
    seconds(cpu(run, "cpuSeconds.renderer")),
  ]);
  return table(["run", "wall time", "load average at start", "browser process CPU", "renderer CPU"], rows);
}

export function server(f: unknown, busy: boolean): string {
  const verdict = judge(busy);
  const beside = (kind: string, what: string): Row => {
    const [own, prism] = [at(f, `throughput.sandboxServer.${kind}.requestsPerSecond`), at(f, `throughput.prism.${kind}.requestsPerSecond`)];
    const rounds = (name: string) => several(numbersAt(f, `throughput.${name}.${kind}.roundsPerSecond`));
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

export function postgres(f: unknown, busy: boolean): string {
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

export function tenants(f: unknown): string {
  const rows = ["4", "8", "16", "32"].map((count) => [count, ms(at(f, `defaults.${count} tenants.p50Ms`)), ms(at(f, `atMost8Open.${count} tenants.p50Ms`))]);
  return table(["active TPP sandboxes", "signed 50-row read, p50 (the server's defaults)", "the same, at most 8 kept open"], rows);
}

export function bodies(f: unknown): string {
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

/** Cold starts side by side (scripts/benchmark/start.ts): the median of alternating runs, and each against Prism's. */
export function start(f: unknown, busy: boolean): string {
  const verdict = judge(busy);
  const rows = ["prism", "psd2-sandbox", "npm run sandbox", "tsx, from the sources"].map((name) => {
    const share = at(f, `${name}.ofPrism`);
    return [
      `\`${name}\``,
      `${ms(at(f, `${name}.medianMs`))} (runs ${several(numbersAt(f, `${name}.runsMs`))})`,
      name === "prism"
        ? ""
        : `${number(share, 2)} of Prism's${name === "psd2-sandbox" || name === "npm run sandbox" ? `; ${verdict(atMost(share, 0.5), "≤ 0.5")}` : ""}`,
    ];
  });
  return table(["command", "from the command to the first answer: median (runs), ms", "against Prism (target: issue 29)"], rows);
}

/** The server with its traffic record and without, side by side (scripts/benchmark/recording.ts; decisions 0055, 0064, 0065). */
export function recording(f: unknown, busy: boolean): string {
  const verdict = judge(busy);
  const rows: Row[] = [
    ["signed payment creations", "createPayment"],
    ["signed 50-row reads", "read50"],
  ].map(([what = "", kind = ""]) => {
    const share = at(f, `recordingShare.${kind}`);
    const rounds = several(numbersAt(f, `roundShares.${kind}`), 2);
    return [
      what,
      `${number(at(f, `recording.${kind}.requestsPerSecond`), 0)} : ${number(at(f, `withoutRecording.${kind}.requestsPerSecond`), 0)} requests/s`,
      `${number(share, 2)} (rounds ${rounds})${kind === "createPayment" ? `; ${verdict(share === undefined ? undefined : share >= 0.9, "≥ 0.9")}` : ""}`,
    ];
  });
  for (const [what, kind] of [
    ["event loop's CPU per creation", "createPayment"],
    ["event loop's CPU per 50-row read", "read50"],
  ] as const) {
    const ratios = several(numbersAt(f, `roundCpuRatios.${kind}`), 2);
    rows.push([
      what,
      `${number(at(f, `eventLoopUsPerRequest.${kind}.recording`), 0)} : ${number(at(f, `eventLoopUsPerRequest.${kind}.without`), 0)} µs`,
      `${number(at(f, `eventLoopCpuRatio.${kind}`), 2)} times (rounds ${ratios})`,
    ]);
  }
  return table(["what", "recording : without (median round)", "median of the rounds' shares or CPU ratios (target: issue 26 point 7)"], rows);
}
