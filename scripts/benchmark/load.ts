/**
 * A bounded load generator: a fixed list of requests sent with a fixed number in flight, over
 * keep-alive connections (node:http, one socket per worker), stopping at the end of the list or
 * after `maxSeconds`, whichever comes first. The same generator drives the sandbox server and the
 * stateless mock, so their figures compare. Given several origins (server processes on one
 * database), it spreads the requests over them in turn, as a round-robin proxy would.
 */
import { Agent, request as httpRequest } from "node:http";
import { percentile, round } from "./stats";

export interface LoadRequest {
  method: string;
  /** Path and query, sent to `origin`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  /** One server, or several taking the requests in turn (the n-th request goes to origin n mod count). */
  origin: string | readonly string[];
  concurrency: number;
  /** Stop sending new requests after this long (the ones in flight finish). */
  maxSeconds: number;
  /** A request that has not answered by then counts as failed. */
  timeoutMs?: number;
  /** Which statuses count as answered as intended; the others are failures (reported by status). */
  ok: (status: number) => boolean;
}

export interface LoadResult {
  sent: number;
  ok: number;
  failed: number;
  /** Answers by status, and "error" for requests that got none. */
  statuses: Record<string, number>;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  stoppedByTime: boolean;
}

function send(agent: Agent, origin: URL, item: LoadRequest, timeoutMs: number): Promise<number | "error"> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { agent, host: origin.hostname, port: origin.port, method: item.method, path: item.path, headers: item.headers, timeout: timeoutMs },
      (res) => {
        res.resume(); // read the whole body: the answer is done when it has arrived
        res.on("end", () => {
          resolve(res.statusCode ?? 0);
        });
        res.on("error", () => {
          resolve("error");
        });
      },
    );
    req.on("timeout", () => {
      req.destroy(new Error("timed out"));
    });
    req.on("error", () => {
      resolve("error");
    });
    req.end(item.body);
  });
}

/** Sends `requests` (each once, in order) with `concurrency` in flight; only answers count, as requests/s over the wall time. */
export async function runLoad(requests: readonly LoadRequest[], options: LoadOptions): Promise<LoadResult> {
  const origins = (typeof options.origin === "string" ? [options.origin] : options.origin).map((origin) => new URL(origin));
  const agents = origins.map(() => new Agent({ keepAlive: true, maxSockets: options.concurrency }));
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  let ok = 0;
  let stoppedByTime = false;
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  const worker = async () => {
    for (;;) {
      if (next >= requests.length) return;
      if (performance.now() > deadline) {
        stoppedByTime = true;
        return;
      }
      const index = next++;
      const [item, agent, target] = [requests[index], agents[index % agents.length], origins[index % origins.length]];
      if (!item || !agent || !target) return;
      const t0 = performance.now();
      const status = await send(agent, target, item, options.timeoutMs ?? 30_000);
      times.push(performance.now() - t0);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      if (status !== "error" && options.ok(status)) ok++;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    for (const agent of agents) agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    sent: times.length,
    ok,
    failed: times.length - ok,
    statuses,
    seconds: round(seconds),
    requestsPerSecond: round(times.length / seconds),
    p50Ms: round(percentile(times, 50)),
    p99Ms: round(percentile(times, 99)),
    stoppedByTime,
  };
}
