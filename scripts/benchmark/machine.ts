/**
 * What the machine was doing while an area was measured: its cores and the load average (1, 5, 15 minutes) at the
 * area's start and end. The machine is often shared with other work, so a figure means little without them.
 */
import { cpus, loadavg, totalmem } from "node:os";
import { round } from "./stats";

export interface Machine {
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  /** os.loadavg() at the area's start and end: the 1-, 5- and 15-minute averages. */
  loadAverageStart: number[];
  loadAverageEnd: number[];
}

/** One area of the report: when it ran, on what, and its figures. A run of some areas replaces only theirs. */
export interface AreaReport {
  measuredAt: string;
  finishedAt: string;
  machine: Machine;
  figures: unknown;
}

const loadAverage = () => loadavg().map(round);

export async function measureArea(run: () => Promise<unknown>): Promise<AreaReport> {
  const measuredAt = new Date().toISOString();
  const loadAverageStart = loadAverage();
  const figures = await run();
  return {
    measuredAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model.trim() ?? "unknown",
      memoryGiB: round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverageStart,
      loadAverageEnd: loadAverage(),
    },
    figures,
  };
}
