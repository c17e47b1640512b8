/**
 * startSandboxServer: the sandbox of the portal as a node:http server. One port serves both base
 * addresses ({base_url} and {sandbox_base_url}), the /__sandbox/ controls, the bank page, the
 * index and /openapi.json. State lives in a SQLite database: in memory, or in the --data file
 * (every 2xx write committed there before it is answered); or in PostgreSQL (--database), which
 * other servers may share.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { tppError } from "../../src/contract/tpp-messages";
import type { RequestVerifier } from "../env/sandbox-env";
import { defaultVerifyWorkers, sharedVerifyPool, verifyHere } from "./verify-pool";
import { resolve } from "node:path";
import { createSandbox, type Sandbox } from "../sandbox";
import { startBatchTimer, type BatchTimer } from "./batch-timer";
import { changesNow } from "../control/handlers";
import { createChangeStreams } from "./change-streams";
import { openDataStore } from "./data-file";
import { openPostgresStore, redactUrl } from "../store/postgres/postgres-store";
import { createBodyBudgets, type BodyBudgetLimits } from "./body-budget";
import { createRequestHandler, noteStalledBody, STALLED_BODY_TEXT } from "./handle-request";
import { isLoopbackHostName, parseAllowedOrigin } from "./origins";
import { createRoutes } from "./routes";
import { loadPortal } from "./portal-files";
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_TRAFFIC_LIMITS } from "./defaults";
import type { TrafficLimits } from "../store/port";
import { recordExchange, type Exchange } from "../http/traffic-record";
import type { LogFormat } from "./cli-args";
import { failureLog } from "./failure-log";
import { readiness, storageProbe } from "./readiness";
import { createHostedRouting, type HostedRouting } from "./tenants/hosted-routing";
import { startTenantBatches } from "./tenants/tenant-batches";
import { DEFAULT_TENANT_LIMITS, type TenantLimits, type TenantSandboxes } from "./tenants/tenant-sandboxes";
import { createHostedTenants, type HostedTenants } from "./tenants/hosted-tenants";
import { trustedProxies } from "./client-address";
import { ACCOUNT_SERIALS } from "../domain/accounts";
import { requestNoted } from "../store/postgres/request-scope";

export interface SandboxServerOptions {
  /** Default 4010; 0 picks a free port (see `url`). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Keep the state in this SQLite database file (created if missing; a JSON state file of the earlier format is migrated once). */
  dataFile?: string;
  /** Keep the state in PostgreSQL at this URL instead (postgres://…); not with dataFile. */
  database?: string;
  /**
   * The most pages (4 KiB each) the data file may hold: a write that needs more is refused as on a full disk (503).
   * For the tests that need a full database where they cannot mount a small file system; no command-line option.
   */
  dataFileMaxPages?: number;
  /** How long a request may take to arrive whole, headers and body (default REQUEST_TIMEOUT_MS); for the tests of a stalled body. */
  requestTimeoutMs?: number;
  /** The schema of that database (default "public"). */
  databaseSchema?: string;
  /**
   * Connections this server opens to that database at most, all included: a pool for every sandbox it serves (its
   * own, and hosted every tenant's) and one that listens for other servers' commits (default 11, at least 3;
   * decision 0047). A request that finds them all taken waits in a bounded queue, then is answered 503.
   */
  databaseConnections?: number;
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
  /** How each request is logged when `log` is on: text (default) or one JSON object per line. */
  logFormat?: LogFormat;
  /**
   * The origin clients reach the server at through a reverse proxy (--public-url), such as
   * "https://sandbox.example.com": links in answers and the bank page's same-origin check use it
   * instead of http:// and the request's Host (docs/deployment.md).
   */
  publicUrl?: string;
  /** How many change streams (GET /__sandbox/changes as text/event-stream) may be open at once; default 32. */
  maxChangeStreams?: number;
  /**
   * Hosted mode: a sandbox per TPP certificate, signed controls, tenants in bank links and logs
   * (decision 0039). On PostgreSQL a schema per tenant; without a database, in memory.
   */
  multiTenant?: boolean;
  /** Bounds on tenants in hosted mode (default DEFAULT_TENANT_LIMITS). */
  tenantLimits?: Partial<TenantLimits>;
  /** Hosted mode: how often idle tenants are swept for reclaiming (default 60 s; tests). */
  reclaimIntervalMs?: number;
  /**
   * Reverse proxies (addresses or CIDR blocks, --trusted-proxy) whose X-Forwarded-For names the client
   * the per-client bounds count; from any other socket the header is ignored (docs/deployment.md).
   */
  trustedProxies?: readonly string[];
  /**
   * Threads that check signatures beside the event loop (decision 0043); default: the cores but one,
   * at most 4; 0: on the event loop. One pool per process: the first server's size holds.
   */
  verifyWorkers?: number;
  /** How many body bytes the server holds at once, and how many bodies may wait for room (default DEFAULT_BODY_BUDGETS; decision 0046). */
  bodyBudgets?: BodyBudgetLimits;
  /**
   * How much traffic each sandbox keeps (default DEFAULT_TRAFFIC_LIMITS; decision 0055): records and bytes of their
   * stored JSON, oldest dropped first. `maxRecords: 0` records nothing (the benchmark's "without").
   */
  traffic?: Partial<TrafficLimits>;
  /**
   * The built portal (vite build's dist/) to serve at this server's origin, pointed at this server (psd2-sandbox;
   * decision 0057): GET / for a browser, its files and its client routes. Without it, GET / is the server's own page.
   */
  portalDir?: string;
}

export interface SandboxServer {
  /** http://host:port, where the server listens. */
  url: string;
  /** The origin of both base addresses as clients see them: --public-url, or `url`. */
  publicUrl: string;
  port: number;
  /** Where the state lives: the absolute path of the data file, or undefined (memory). */
  dataFile: string | undefined;
  /** Where the state lives in PostgreSQL (the URL without its password), or undefined (SQLite). */
  database: { url: string; schema: string } | undefined;
  /** Whether the data file existed and was loaded. */
  loadedDataFile: boolean;
  /** Set when this start migrated a JSON state file: where the JSON was kept. */
  jsonBackup: string | undefined;
  /** The sandbox; on a hosted server its own, empty one, which serves no TPP (the tenants are in `tenants`). */
  sandbox: Sandbox;
  /** Hosted mode: the TPPs' sandboxes. */
  tenants: TenantSandboxes | undefined;
  /** Whether the portal is served at the server's origin (portalDir). */
  portal: boolean;
  /** Stops accepting requests, lets the ones in flight end, then closes the database. */
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
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") noteStalledBody(socket);
  const [status, reason, code, text] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? ([431, "Request Header Fields Too Large", "HEADER_FIELDS_TOO_LARGE", "The request headers are larger than this server takes (16 KiB)."] as const)
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? ([408, "Request Timeout", "BAD_REQUEST", STALLED_BODY_TEXT] as const)
        : ([400, "Bad Request", "BAD_REQUEST", `The request is not valid HTTP/1.1 (${error.code ?? error.message}).`] as const);
  const body = JSON.stringify({ tppMessages: [tppError(code, text)] });
  socket.end(
    `HTTP/1.1 ${String(status)} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** Database connections a server opens at most by default: a pool of 10 and the connection that listens (docs/deployment.md). */
export const DEFAULT_DATABASE_CONNECTIONS = 11;
const MIN_DATABASE_CONNECTIONS = 3;

/** How long requests in flight may take to finish when the server stops (SIGTERM in a deploy) before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * How long a request may take to arrive whole: the largest body the server takes (an import of 64 MiB) arrives in it
 * at 10 Mbit/s; a client that stalls mid-body is told so instead of holding its connection (Node's default: 5 minutes).
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/** How long an idle keep-alive connection stays open. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The server's open connections, as the operating system handed them over (kept for closeServer). */
function openConnections(server: Server): Set<Socket> {
  const open = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  return open;
}

function closeServer(server: Server, graceMs: number, connections: ReadonlySet<Socket> = new Set()): Promise<void> {
  return new Promise((done) => {
    server.close(() => {
      done();
    });
    server.closeIdleConnections();
    // A connection that has not sent a byte yet has no request to finish: a browser opens some ahead of need, and
    // undici may too. Node counts them as busy (its header timeout runs from the connect), so without this a stop
    // would wait the whole grace period for them.
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    setTimeout(() => {
      server.closeAllConnections();
    }, graceMs).unref();
  });
}

export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const port = options.port ?? DEFAULT_PORT;
  const host = options.host ?? DEFAULT_HOST;
  const log =
    options.log === true
      ? (line: string) => {
          console.log(line);
        }
      : options.log === false
        ? undefined
        : options.log;
  const dataFile = options.dataFile === undefined ? undefined : resolve(options.dataFile);
  const proxies = trustedProxies(options.trustedProxies ?? []);
  const allowOrigins = (options.allowOrigins ?? []).map((origin) => {
    const parsed = parseAllowedOrigin(origin);
    if (!parsed.ok) throw new Error(parsed.problem);
    return parsed.origin;
  });

  if (options.database !== undefined && dataFile !== undefined) throw new Error("Give either a data file (SQLite) or a database (PostgreSQL), not both.");
  // Before anything is opened: a missing portal stops the start with nothing to undo.
  const portal = options.portalDir === undefined ? undefined : await loadPortal(resolve(options.portalDir));
  const multiTenant = options.multiTenant === true;
  const trafficLimits: TrafficLimits = { ...DEFAULT_TRAFFIC_LIMITS, ...options.traffic };
  const traffic = trafficLimits.maxRecords > 0 ? trafficLimits : undefined;
  if (multiTenant && dataFile !== undefined)
    throw new Error(
      "A hosted (multi-tenant) sandbox keeps its TPPs' sandboxes in PostgreSQL (--database URL), or in memory to try it out; not in a --data file.",
    );
  const database = options.database === undefined ? undefined : { url: redactUrl(options.database), schema: options.databaseSchema ?? "public" };
  const connections = options.databaseConnections ?? DEFAULT_DATABASE_CONNECTIONS;
  if (options.database !== undefined && (!Number.isInteger(connections) || connections < MIN_DATABASE_CONNECTIONS))
    throw new Error(
      `A server needs at least ${String(MIN_DATABASE_CONNECTIONS)} database connections (one listens for other servers' commits, and a batch job holds one while its work takes another); got ${String(connections)}.`,
    );
  const postgres =
    options.database === undefined ? undefined : await openPostgresStore({ url: options.database, schema: database?.schema, maxConnections: connections - 1 });
  const {
    store,
    loaded: loadedDataFile,
    jsonBackup,
  } = postgres
    ? { store: postgres, loaded: false, jsonBackup: undefined }
    : await openDataStore(dataFile, options.dataFileMaxPages === undefined ? {} : { maxPages: options.dataFileMaxPages });
  if (jsonBackup !== undefined)
    log?.(`sandbox: ${dataFile ?? ""} was a JSON state file; migrated it into a SQLite database at the same path, the JSON is kept as ${jsonBackup}.`);
  // Every failure answered 5xx, from the dispatcher, a tenant's opening, the edge or the batch: one log, storage outages rate-limited.
  const reportFailure = failureLog(log);
  let server: Server | undefined;
  let batch: BatchTimer | undefined;
  let tenants: TenantSandboxes | undefined;
  let hostedTenants: HostedTenants | undefined;
  const workers = options.verifyWorkers ?? defaultVerifyWorkers();
  const pool =
    workers > 0
      ? sharedVerifyPool(workers, (error) => log?.(`sandbox: a signature-checking thread failed; its checks run on the main thread now (${String(error)}).`))
      : undefined;
  // Requests this server has not answered yet. Alone, a request is checked here: the hop to a worker
  // and back added about 0.5 ms to each of a client's sequential requests and saved nothing.
  let unanswered = 0;
  // Handed to every sandbox this server makes (its own, each tenant's) and to the hosted routing (sandbox.env).
  const verifyRequest: RequestVerifier = pool
    ? (request, now, checks) => (unanswered > 1 ? pool.verify(request, now, checks) : verifyHere(request, now, checks))
    : verifyHere;
  try {
    // Like the portal's own sandbox: a brand-new one holds the fixed data, so the portal's examples and curl commands work at once.
    // The SQLite file is this process's alone (locked EXCLUSIVE), so every commit passes through here: pages may be kept.
    // Other servers write to a PostgreSQL database too, unseen by this one's cache: none is kept.
    const sandbox = await createSandbox({
      store,
      // A hosted server's own sandbox serves no TPP: it stays empty (an unknown tenant's bank link reads as an unknown payment there).
      seedIfNew: options.empty !== true && !multiTenant,
      pageCache: database === undefined,
      ...(multiTenant ? { hosted: {} } : {}),
      // Batch runs one at a time across every server on the database, each scheduled run once.
      ...(postgres ? { exclusive: postgres.exclusive } : {}),
      ...(options.realNow ? { realNow: options.realNow } : {}),
      reportFailure,
      verifyRequest,
      // A hosted server's own sandbox answers no TPP: its tenants keep their traffic.
      ...(traffic && !multiTenant ? { traffic, requestNoted } : {}),
      // Numbers apart from the browser's sandbox (decision 0058).
      accountSerials: ACCOUNT_SERIALS.server,
    });
    const timerOptions = { ...(options.batchIntervalMs ? { intervalMs: options.batchIntervalMs } : {}), ...(log ? { log } : {}), reportFailure };
    let hosted: HostedRouting | undefined;
    if (multiTenant) {
      hostedTenants = createHostedTenants({
        // The tenants' stores share the server's pool: its own store's, closed after theirs.
        ...(postgres ? { database: { pool: postgres.pool, schema: database?.schema ?? "public" } } : {}),
        limits: { ...DEFAULT_TENANT_LIMITS, ...options.tenantLimits },
        // One replay guard for every tenant: a certificate naming another tenant over the same key must not make a used id new.
        requestIds: store,
        ...(options.realNow ? { realNow: options.realNow } : {}),
        ...(log ? { log } : {}),
        ...(options.reclaimIntervalMs ? { reclaimIntervalMs: options.reclaimIntervalMs } : {}),
        reportFailure,
        verifyRequest,
        ...(traffic ? { traffic } : {}),
      });
      tenants = hostedTenants.tenants;
      hosted = createHostedRouting({ tenants: hostedTenants.forRequests, server: sandbox, ...(options.realNow ? { realNow: options.realNow } : {}) });
    }
    batch = tenants ? startTenantBatches(tenants, timerOptions) : startBatchTimer(sandbox, timerOptions);
    await batch.runNow();

    const boundPort = () => {
      const bound = server?.address();
      return bound !== null && typeof bound === "object" ? bound.port : port;
    };
    let closing: Promise<void> | undefined;
    // A browser's EventSource cannot sign: a hosted server's portal reads the changes with a signed GET instead.
    const changeStreams = createChangeStreams({
      current: () => changesNow(sandbox.env),
      ...(options.maxChangeStreams === undefined ? {} : { max: options.maxChangeStreams }),
    });
    store.onCommit(changeStreams.changed);
    sandbox.onTraffic(changeStreams.traffic);
    const onRequest = createRequestHandler({
      ...(hosted ? { admit: hosted.admit } : { changeStreams }),
      budgets: createBodyBudgets(options.bodyBudgets),
      route: createRoutes(sandbox.dispatch, { ready: () => readiness(storageProbe(store), () => closing !== undefined) }, hosted?.route, portal),
      answerInterface: hosted?.answerInterface ?? sandbox.dispatch.answer,
      answerControl: hosted?.answerControl ?? sandbox.dispatch.answer,
      allowOrigins,
      loopbackOnly: isLoopbackHostName(host),
      ...(proxies ? { trustedProxies: proxies } : {}),
      fallbackHost: () => `${urlHost(host)}:${String(boundPort())}`,
      ...(options.publicUrl === undefined ? {} : { publicOrigin: new URL(options.publicUrl).origin }),
      ...(log ? { log } : {}),
      ...(options.logFormat ? { logFormat: options.logFormat } : {}),
      reportFailure,
      // In the sandbox that answered (a hosted tenant's; a request no tenant took is no TPP's to see), else the server's own.
      ...(traffic ? { record: (exchange: Exchange) => recordExchange(exchange.facts.sandbox ?? (multiTenant ? undefined : sandbox.env), exchange) } : {}),
    });
    const listener = (request: IncomingMessage, response: ServerResponse) => {
      unanswered++;
      response.once("close", () => {
        unanswered--;
      });
      onRequest(request, response);
    };
    // A request whose body stops short of its Content-Length is answered 408 (answerUnparsable) once this runs out,
    // not held until the client leaves: Node checks every few seconds, so the answer comes up to a quarter later.
    const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    server = createServer({ requestTimeout, connectionsCheckingInterval: Math.max(50, Math.min(5_000, requestTimeout / 4)) }, listener);
    const connections = openConnections(server);
    // The client, not the server, should end an idle keep-alive connection: a request sent on one
    // just as the server closes it fails with ECONNRESET (a POST is not retried). Longer than
    // undici's 4 s and a reverse proxy's upstream idle time (nginx: 60 s; docs/deployment.md).
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Node lets a request run on until the headers' time is up too, so that is no longer than the request's.
    server.headersTimeout = Math.min(KEEP_ALIVE_TIMEOUT_MS + 1000, requestTimeout);
    // Expect: 100-continue is answered like any request: the 100 goes out only once its body will be read
    // (body-intake.ts), so the client of a request refused before (too large, unsigned when hosted, no room) never sends its body.
    server.on("checkContinue", listener);
    server.on("clientError", answerUnparsable);
    const address = await listen(server, port, host);
    const running = server;
    const timer = batch;
    const tenantSandboxes = hostedTenants;
    const url = `http://${urlHost(host)}:${String(address.port)}`;

    const close = async () => {
      // Streams never end by themselves; the server would wait its whole grace period for them.
      changeStreams.closeAll();
      await closeServer(running, SHUTDOWN_GRACE_MS, connections);
      try {
        await timer.stop();
        await tenantSandboxes?.close();
      } finally {
        // Last: every request and batch run has finished with it.
        store.close();
        await store.closed();
      }
    };
    const publicUrl = options.publicUrl === undefined ? url : new URL(options.publicUrl).origin;
    return {
      url,
      publicUrl,
      port: address.port,
      dataFile,
      database,
      loadedDataFile,
      jsonBackup,
      sandbox,
      tenants,
      portal: portal !== undefined,
      close: () => (closing ??= close()),
    };
  } catch (error) {
    if (server?.listening) await closeServer(server, 0);
    await batch?.stop();
    await hostedTenants?.close();
    store.close();
    await store.closed();
    throw error;
  }
}
