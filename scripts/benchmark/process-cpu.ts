/**
 * CPU seconds (user + system) spent by the processes below this one, from Linux's /proc: the browser's
 * own process (where Chromium's IndexedDB backend runs) apart from its renderers. On a machine shared
 * with other work, wall time mostly measures the load; the CPU a run costs moves far less with it.
 * Elsewhere (no /proc) it answers undefined.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

export interface ProcessCpu {
  /** CPU seconds per kind of process: "browser", "renderer", "gpu-process", "utility", … (Chromium's --type); "other" for the rest (vite preview). */
  byKind: Record<string, number>;
  total: number;
}

const CLOCK_TICKS_PER_SECOND = 100;

function readProcess(pid: string): { ppid: number; seconds: number; kind: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name in parentheses may hold spaces: the fields after it are what counts.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    const kind = /--type=([a-z-]+)/.exec(commandLine)?.[1] ?? (/chrom/i.test(commandLine) ? "browser" : "other");
    return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND, kind };
  } catch {
    return undefined; // ended meanwhile
  }
}

/** The CPU used so far by every descendant of `root` (default: this process); compare two readings. */
export function descendantsCpu(root = process.pid): ProcessCpu | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  const all = new Map<number, { ppid: number; seconds: number; kind: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const read = readProcess(entry);
    if (read) all.set(Number(entry), read);
  }
  const below = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of all)
      if (!below.has(pid) && below.has(ppid)) {
        below.add(pid);
        grew = true;
      }
  }
  below.delete(root);
  const byKind: Record<string, number> = {};
  let total = 0;
  for (const pid of below) {
    const read = all.get(pid);
    if (!read) continue;
    byKind[read.kind] = (byKind[read.kind] ?? 0) + read.seconds;
    total += read.seconds;
  }
  return { byKind, total };
}

/** What was spent between two readings, per kind (processes that ended in between are not counted). */
export function cpuBetween(before: ProcessCpu | undefined, after: ProcessCpu | undefined): ProcessCpu | undefined {
  if (!before || !after) return undefined;
  const byKind: Record<string, number> = {};
  for (const [kind, seconds] of Object.entries(after.byKind)) {
    const spent = Math.round((seconds - (before.byKind[kind] ?? 0)) * 10) / 10;
    if (spent > 0) byKind[kind] = spent;
  }
  return { byKind, total: Math.round((after.total - before.total) * 10) / 10 };
}

/**
 * The CPU seconds a process's main thread has run so far (Linux's schedstat, in nanoseconds): a server's event loop,
 * which bounds its rate, apart from its helper threads and the collector's. Undefined without /proc.
 */
export function mainThreadCpu(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${String(pid)}/task/${String(pid)}/schedstat`, "utf8").split(" ")[0]) / 1e9;
  } catch {
    return undefined;
  }
}
