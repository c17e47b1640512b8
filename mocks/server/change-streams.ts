/**
 * GET /__sandbox/changes as server-sent events: the server tells every open portal that the sandbox
 * changed, within a fraction of a second, without each portal polling it (and without a log line
 * per poll). Bounded like every other cost of the server (decision 0015): at most `max` streams at
 * once (429 beyond), one `change` event per burst of commits (at most one per `coalesceMs`), and likewise one
 * `traffic` event per burst of recorded requests (decision 0055: a portal's Traffic view reads on it, its data views do not), a
 * stream whose client does not read is dropped rather than buffered, and each stream ends after
 * `lifetimeMs` (EventSource reconnects by itself), so a forgotten tab never holds a socket forever.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxChanges } from "../../src/contract/control-schemas";
import type { TrafficNews } from "../../src/contract/traffic";
import { errorStatus } from "../../src/contract/errors";
import { tppError } from "../../src/contract/tpp-messages";
import { setCorsHeaders } from "./cors";

export interface ChangeStreamOptions {
  /** The sandbox's change count now. */
  current: () => SandboxChanges;
  max?: number;
  coalesceMs?: number;
  heartbeatMs?: number;
  lifetimeMs?: number;
}

export interface ChangeStreams {
  /** Whether a request asks for the stream: GET or HEAD of the route with Accept: text/event-stream. */
  wants: (req: IncomingMessage, pathname: string) => boolean;
  /** Answers it: the headers and the state now, then a `change` event after each burst. Returns the status. */
  open: (req: IncomingMessage, res: ServerResponse, allowedOrigin: string | undefined) => number;
  /** The sandbox committed a change. */
  changed: () => void;
  /** The sandbox recorded a request (decision 0055): a `traffic` event, not a `change`, so a portal's data is not read again for it. */
  traffic: (id: string) => void;
  /** How many streams are open. */
  size: () => number;
  /** Ends every stream (the server is stopping). */
  closeAll: () => void;
}

export const CHANGES_PATH = "/__sandbox/changes";
/** A client further behind than this has stopped reading; it is dropped, not buffered for. */
const MAX_BUFFERED_BYTES = 64 * 1024;

const event = (changes: SandboxChanges) => `event: change\ndata: ${JSON.stringify(changes)}\n\n`;
const trafficEvent = (news: TrafficNews) => `event: traffic\ndata: ${JSON.stringify(news)}\n\n`;

export function createChangeStreams(options: ChangeStreamOptions): ChangeStreams {
  const max = options.max ?? 32;
  const coalesceMs = options.coalesceMs ?? 100;
  const streams = new Set<ServerResponse>();
  let pending: NodeJS.Timeout | undefined;
  let pendingTraffic: NodeJS.Timeout | undefined;
  let newest: string | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const write = (res: ServerResponse, text: string) => {
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      return;
    }
    res.write(text);
  };
  const broadcast = (text: string) => {
    for (const res of streams) write(res, text);
  };
  const forget = (res: ServerResponse) => {
    streams.delete(res);
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };

  return {
    wants: (req, pathname) =>
      pathname === CHANGES_PATH && (req.method === "GET" || req.method === "HEAD") && /\btext\/event-stream\b/i.test(req.headers.accept ?? ""),
    open(req, res, allowedOrigin) {
      setCorsHeaders(res, allowedOrigin);
      if (streams.size >= max) {
        const body = JSON.stringify({
          tppMessages: [
            tppError(
              "ACCESS_EXCEEDED",
              `This server keeps at most ${String(max)} change streams open and all are in use; close a portal tab or read ${CHANGES_PATH} as JSON.`,
            ),
          ],
        });
        res.writeHead(errorStatus.ACCESS_EXCEEDED, { "Content-Type": "application/json", "Retry-After": "10", "Content-Length": Buffer.byteLength(body) });
        res.end(body);
        return errorStatus.ACCESS_EXCEEDED;
      }
      res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" });
      if (req.method === "HEAD") {
        res.end();
        return 200;
      }
      // retry: how long EventSource waits before reconnecting after the stream ends.
      res.write(`retry: 1000\n${event(options.current())}`);
      streams.add(res);
      const lifetime = setTimeout(
        () => {
          res.end();
        },
        options.lifetimeMs ?? 10 * 60_000,
      );
      lifetime.unref();
      res.once("close", () => {
        clearTimeout(lifetime);
        forget(res);
      });
      heartbeat ??= setInterval(() => {
        broadcast(": still here\n\n");
      }, options.heartbeatMs ?? 15_000).unref();
      return 200;
    },
    changed() {
      if (streams.size === 0 || pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        broadcast(event(options.current()));
      }, coalesceMs);
      pending.unref();
    },
    traffic(id) {
      if (streams.size === 0) return;
      if (newest === undefined || id > newest) newest = id;
      if (pendingTraffic) return;
      pendingTraffic = setTimeout(() => {
        pendingTraffic = undefined;
        if (newest !== undefined) broadcast(trafficEvent({ newest }));
      }, coalesceMs);
      pendingTraffic.unref();
    },
    size: () => streams.size,
    closeAll() {
      if (pending) clearTimeout(pending);
      if (pendingTraffic) clearTimeout(pendingTraffic);
      for (const res of [...streams]) res.end();
      streams.clear();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
