// The performance page is made from the committed figures, each area with its own date and machine.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderPerformance } from "./render";
import { mergeAreas, report, type Area } from "./report";

const root = join(import.meta.dirname, "../..");

const area = (measuredAt: string, load: number, figures: unknown): Area => ({
  measuredAt,
  finishedAt: measuredAt.replace(":00.000Z", ":09.000Z"),
  machine: { cores: 2, cpu: "Test CPU", memoryGiB: 8, node: "v20.19.0", loadAverageStart: [load, 1, 1], loadAverageEnd: [load, 1, 1] },
  figures,
});

describe("docs/performance.md", () => {
  it("is the page of docs/performance.json (npm run docs:performance writes both)", () => {
    const figures = report.parse(JSON.parse(readFileSync(join(root, "docs/performance.json"), "utf8")));
    expect(readFileSync(join(root, "docs/performance.md"), "utf8")).toBe(renderPerformance(figures));
  });

  it("a run of one area replaces that area only; the others keep their date and machine", () => {
    const committed = { areas: { browser: area("2026-11-01T10:00:00.000Z", 1, {}), server: area("2026-11-01T11:00:00.000Z", 1, { old: true }) } };
    const run = { areas: { server: area("2026-11-27T09:00:00.000Z", 3, { new: true }) } };
    const merged = mergeAreas(committed, run);
    expect(merged.areas.browser).toEqual(committed.areas.browser);
    expect(merged.areas.server).toEqual(run.areas.server);
    expect(Object.keys(merged.areas)).toEqual(["browser", "server"]);
  });

  it("each table says when, on how many cores and at what load average; a busy machine's miss is said to be at that load", () => {
    const batch = (totalMs: number) => ({ totalMs, settled: 10_000, cpuSeconds: { browser: 5, renderer: 2 } });
    const page = renderPerformance({
      areas: {
        browser: area("2026-11-27T09:00:00.000Z", 0.5, { batch10k: batch(8000) }),
        server: area("2026-11-27T10:00:00.000Z", 7.25, { batch10k: { totalMs: 6000 } }),
      },
    });
    expect(page).toContain(
      "Measured 2026-11-27 09:00–09:00 UTC on 2 cores (Test CPU, 8 GiB,\nNode v20.19.0); load average (1 minute) 0.5 at the start, 0.5 at the end.",
    );
    expect(page).toContain("load average (1 minute) 7.25 at the start, 7.25 at the end: other work shared the machine");
    expect(page).toContain("| a batch over 10,000 due payments | 8 s (10,000 settled; CPU: Chromium's browser process 5 s, renderer 2 s) | ≤ 10 s: met |");
    expect(page).toContain("| a batch over 10,000 due payments | 6 s | ≤ 5 s: **not met** at that load |");
    expect(page).not.toContain("## On PostgreSQL"); // an area never measured has no table
  });
});
