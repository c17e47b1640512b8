/**
 * startSandboxServer: the sandbox of the portal as a node:http server. One port serves both base
 * addresses ({base_url} and {sandbox_base_url}), the /__sandbox/ controls, the bank page, the
 * index and /openapi.json. State lives in memory (a fresh fake-indexeddb factory), or in memory
 * and in a --data file, written after every commit.
 */
// The IDB* globals idb relies on; the store itself gets its own factory below.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { tppError } from "../../src/contract/tpp-messages";
import { resolve } from "node:path";
import { createSandbox, type Sandbox } from "../sandbox";
import { openSandboxStore } from "../store/indexeddb-store";
import { startBatchTimer, type BatchTimer } from "./batch-timer";
import { DataFileError, loadDataFile, persistOnCommit, type Persistence } from "./data-file";
import { createContinueHandler, createRequestHandler } from "./handle-request";
import { declaresTooLarge } from "./node-request";
import { parseAllowedOrigin } from "./origins";
import { createRoutes } from "./routes";
import { DEFAULT_HOST, DEFAULT_PORT } from "./defaults";


export interface SandboxServerOptions {
  /** Default 4010; 0 picks a free port (see `url`). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Keep the state in this JSON file (loaded on start, written after every commit). */
  dataFile?: string;
  /** true: log to the console; a function: log to it. Logs requests and batch runs that booked something. */
  log?: boolean | ((line: string) => void);
  /** Real time for the sandbox clock (tests); default Date.now. */
  realNow?: () => number;
  /** How often scheduled batch runs are caught up; default 30 s. */
  batchIntervalMs?: number;
  /** Start a brand-new sandbox with nothing in it, rather than the fixed data set (default false). */
  empty?: boolean;
  /** Web page origins besides loopback ones that may call the server (--allow-origin), such as "https://portal.example.com". */
  allowOrigins?: readonly string[];
}

export interface SandboxServer {
  /** http://host:port, the origin of both base addresses. */
  url: string;
  port: number;
  /** Where the state lives: the absolute path of the data file, or undefined (memory). */
  dataFile: string | undefined;
  /** Whether the data file existed and was loaded. */
  loadedDataFile: boolean;
  sandbox: Sandbox;
  /** Stops accepting requests, lets the ones in flight end, writes the data file one last time. */
  close(): Promise<void>;
}

/** The host as it goes in a URL: IPv6 in brackets, a wildcard address as loopback. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolveListen, reject) => {
    const failed = (error: Error & { code?: string }) => {
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`Port ${String(port)} on ${host} is in use; choose another with --port N (0 picks a free one).`)
          : error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND"
            ? new Error(`Cannot listen on ${host}: not an address of this machine.`)
            : error,
      );
    };
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolveListen(server.address() as AddressInfo);
    });
  });
}

/** A request Node could not parse: answer 400 (431 for oversized headers) if the socket still takes it, else drop it. */
function answerUnparsable(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const [status, reason, text] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "The request headers are larger than this server takes (16 KiB)."]
      : [400, "Bad Request", `The request is not valid HTTP/1.1 (${error.code ?? error.message}).`];
  const body = JSON.stringify({ tppMessages: [tppError("BAD_REQUEST", text)] });
  socket.end(
    `HTTP/1.1 ${String(status)} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

function closeServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((done) => {
    server.close(() => {
      done();
    });
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
    }, graceMs).unref();
  });
}

export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const port = options.port ?? DEFAULT_PORT;
  const host = options.host ?? DEFAULT_HOST;
  const log = options.log === true ? (line: string) => { console.log(line); } : options.log === false ? undefined : options.log;
  const dataFile = options.dataFile === undefined ? undefined : resolve(options.dataFile);
  const allowOrigins = (options.allowOrigins ?? []).map((origin) => {
    const parsed = parseAllowedOrigin(origin);
    if (!parsed.ok) throw new Error(parsed.problem);
    return parsed.origin;
  });

  const store = await openSandboxStore({ name: "psd2-sandbox", indexedDB: new IDBFactory() });
  let persistence: Persistence | undefined;
  let loadedDataFile = false;
  let server: Server | undefined;
  let batch: BatchTimer | undefined;
  try {
    if (dataFile !== undefined) {
      loadedDataFile = (await loadDataFile(store, dataFile)).loaded;
      persistence = persistOnCommit(store, dataFile, (error) => {
        console.error(`sandbox: writing ${dataFile} failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    // Like the portal's own sandbox: a brand-new one holds the fixed data, so the portal's examples and curl commands work at once.
    const sandbox = await createSandbox({ store, seedIfNew: options.empty !== true, ...(options.realNow ? { realNow: options.realNow } : {}) });
    if (persistence && dataFile !== undefined)
      await persistence.save().catch((error: unknown) => {
        throw new DataFileError(`The data file ${dataFile} cannot be written: ${error instanceof Error ? error.message : String(error)}`);
      });
    batch = startBatchTimer(sandbox, { ...(options.batchIntervalMs ? { intervalMs: options.batchIntervalMs } : {}), ...(log ? { log } : {}) });
    await batch.runNow();

    const boundPort = () => {
      const bound = server?.address();
      return bound !== null && typeof bound === "object" ? bound.port : port;
    };
    const onRequest = createRequestHandler({
      route: createRoutes(sandbox.dispatch),
      allowOrigins,
      fallbackHost: () => `${urlHost(host)}:${String(boundPort())}`,
      ...(log ? { log } : {}),
    });
    server = createServer(onRequest);
    server.on("checkContinue", createContinueHandler(onRequest, declaresTooLarge));
    server.on("clientError", answerUnparsable);
    const address = await listen(server, port, host);
    const running = server;
    const timer = batch;
    const url = `http://${urlHost(host)}:${String(address.port)}`;

    let closing: Promise<void> | undefined;
    const close = async () => {
      await closeServer(running, 2_000);
      await timer.stop();
      persistence?.stop();
      try {
        await persistence?.flush();
      } finally {
        store.close();
      }
    };
    return { url, port: address.port, dataFile, loadedDataFile, sandbox, close: () => (closing ??= close()) };
  } catch (error) {
    if (server?.listening) await closeServer(server, 0);
    await batch?.stop();
    persistence?.stop();
    store.close();
    throw error;
  }
}
