/**
 * Test and measurement helper: many large request bodies sent to a server process at once, as an
 * attacker would, while the server process's resident memory (Linux /proc/<pid>/status) and the
 * latency of GET /healthz are recorded. The bodies are made of one reused chunk, so the sender holds
 * none of them; each connection writes as fast as the server takes its bytes and goes on after an
 * early answer, until the server closes the connection or the body is sent.
 * Used by mocks/server/body-memory.test.ts and the benchmark's "bodies" part (scripts/benchmark/bodies.ts).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { createInterface } from "node:readline";

export interface FloodOptions {
  /** http://host:port of the server. */
  url: string;
  /** The server's process id, whose memory is read. */
  pid: number;
  path: string;
  connections: number;
  bytesPerBody: number;
  /** Headers of the i-th request besides Host, Content-Length and Content-Type. */
  headers?: (index: number) => Record<string, string>;
  /** Send the bodies chunked (no Content-Length), as a client streaming a body of unknown size does. */
  chunked?: boolean;
}

export interface FloodResult {
  /** The server's resident memory before the first byte was sent, at its highest while the bodies came, and when every connection had ended. */
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssEndMiB: number;
  /** Each request's answer status, or "none" when the connection ended without one. */
  statuses: (number | "none")[];
  /** How many body bytes were written to the connections (all together; the server read them, or the kernel holds them). */
  sentMiB: number;
  /** Each /healthz answer's latency while the bodies were sent, in ms (asked by a process of its own, 20 ms apart). */
  healthzMs: number[];
  /** A /healthz still waiting when the flood ended counts with its time so far. */
  worstHealthzMs: number;
  seconds: number;
  /** CPU time the server process used meanwhile (all its threads), in ms. */
  serverCpuMs: number;
}

const MiB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "x");

/** The CPU time a process has used (user and system, all its threads) in ms; undefined once it has ended. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, "utf8");
    // The fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th, in 1/100 s.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The resident memory of a process in MiB (VmRSS), undefined once it has ended. */
export function residentMiB(pid: number): number | undefined {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${String(pid)}/status`, "utf8"))?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/** One request over its own connection: resolves with its status (or "none") and the body bytes the server took. */
function sendOne(url: URL, options: FloodOptions, index: number): Promise<{ status: number | "none"; sent: number }> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const head = [
      `POST ${options.path} HTTP/1.1`,
      `Host: ${url.host}`,
      "Content-Type: application/json",
      // The server then ends the connection after its answer, which is how the sender knows it is done.
      "Connection: close",
      options.chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${String(options.bytesPerBody)}`,
      ...Object.entries(options.headers?.(index) ?? {}).map(([name, value]) => `${name}: ${value}`),
    ].join("\r\n");
    let received = "";
    let sent = 0;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1];
      resolve({ status: status === undefined ? "none" : Number(status), sent });
    };
    socket.setEncoding("latin1");
    socket.on("data", (data: string) => {
      if (received.length < 4096) received += data;
    });
    socket.on("error", end);
    socket.on("close", end);
    const pump = () => {
      while (!ended && sent < options.bytesPerBody) {
        const piece = Math.min(CHUNK.length, options.bytesPerBody - sent);
        const bytes = piece === CHUNK.length ? CHUNK : CHUNK.subarray(0, piece);
        sent += piece;
        const frame = options.chunked ? [Buffer.from(`${piece.toString(16)}\r\n`), bytes, Buffer.from("\r\n")] : [bytes];
        const flowing = frame.map((part) => socket.write(part)).every(Boolean);
        if (!flowing) {
          socket.once("drain", pump);
          return;
        }
      }
      if (!ended && options.chunked) socket.write("0\r\n\r\n");
      // The whole body is out: wait for the answer (or the server's close).
    };
    socket.once("connect", () => {
      socket.write(`${head}\r\n\r\n`);
      pump();
    });
  });
}

/**
 * GET /healthz one after another (20 ms apart), each latency in ms on a line of its own; a line on its
 * stdin stops it, after a last line with how long the probe then in flight had waited ("final <ms>").
 */
const PROBER = `
let inFlight;
process.stdin.once("data", () => {
  process.stdout.write("final " + String(inFlight === undefined ? 0 : performance.now() - inFlight) + "\\n", () => process.exit(0));
});
(async () => {
  for (;;) {
    inFlight = performance.now();
    try { await (await fetch(process.argv[1])).arrayBuffer(); } catch {}
    const ms = performance.now() - inFlight;
    inFlight = undefined;
    process.stdout.write(String(ms) + "\\n");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
`;

/**
 * The prober in a process of its own: in the sender's, each latency would also hold the sender's own
 * busy turns (it writes 16 sockets as fast as they drain). Resolves once its first answer came.
 */
async function startProber(url: URL): Promise<{ stop: () => Promise<{ latencies: number[]; stillWaiting: number }> }> {
  const child = spawn(process.execPath, ["-e", PROBER, new URL("/healthz", url).href], { stdio: ["pipe", "pipe", "inherit"] });
  const latencies: number[] = [];
  let stillWaiting = 0;
  let firstAnswer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (line.startsWith("final ")) stillWaiting = Number(line.slice(6));
    else latencies.push(Number(line));
    firstAnswer();
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await answered;
  return {
    stop: async () => {
      child.stdin.write("stop\n");
      await exited;
      return { latencies: latencies.slice(1), stillWaiting };
    },
  };
}

/** Sends the bodies, all at once, and records what the server process paid meanwhile. */
export async function flood(options: FloodOptions): Promise<FloodResult> {
  const url = new URL(options.url);
  const rssBeforeMiB = residentMiB(options.pid) ?? Number.NaN;
  let rssPeakMiB = rssBeforeMiB;
  const sampler = setInterval(() => {
    rssPeakMiB = Math.max(rssPeakMiB, residentMiB(options.pid) ?? 0);
  }, 10);
  const prober = await startProber(url);
  const started = performance.now();
  const cpuBefore = cpuMs(options.pid) ?? Number.NaN;
  const outcomes = await Promise.all(Array.from({ length: options.connections }, (_, index) => sendOne(url, options, index)));
  const serverCpuMs = (cpuMs(options.pid) ?? Number.NaN) - cpuBefore;
  const seconds = (performance.now() - started) / 1000;
  const { latencies: healthzMs, stillWaiting } = await prober.stop();
  clearInterval(sampler);
  rssPeakMiB = Math.max(rssPeakMiB, residentMiB(options.pid) ?? 0);
  return {
    rssBeforeMiB,
    rssPeakMiB,
    rssEndMiB: residentMiB(options.pid) ?? Number.NaN,
    statuses: outcomes.map((outcome) => outcome.status),
    sentMiB: outcomes.reduce((sum, outcome) => sum + outcome.sent, 0) / MiB,
    healthzMs,
    worstHealthzMs: Math.max(stillWaiting, ...healthzMs),
    seconds,
    serverCpuMs,
  };
}
