/** A signed client over real HTTP for the standalone server's tests (fetch, signRequest), and raw bytes over TCP. */
import { connect } from "node:net";
import { generateTestCertificate, signRequest, type TestCertificate } from "../../src/signing/index";
import { startSandboxServer, type SandboxServer, type SandboxServerOptions } from "./start";

let certificate: Promise<TestCertificate> | undefined;
const testCertificate = () => (certificate ??= generateTestCertificate({ tppName: "HTTP Test TPP" }));

export interface HttpSendOptions {
  headers?: Record<string, string>;
  body?: unknown;
  sign?: boolean;
}

export interface HttpClient {
  /** A signed interface request (X-Request-ID, Digest, Signature, certificate filled in). */
  send: (method: string, path: string, options?: HttpSendOptions) => Promise<Response>;
  /** An unsigned /__sandbox/ control request with a JSON body. */
  control: (method: string, path: string, body?: unknown) => Promise<Response>;
  /** Parsed JSON of a control request, failing the test on a non-2xx answer. */
  controlJson: <T>(method: string, path: string, body?: unknown) => Promise<T>;
}

/** `certificate`: the TPP that signs (a test certificate of its own by default, the same for every client). */
export function httpClient(baseUrl: string, certificate: Promise<Pick<TestCertificate, "privateKey" | "certificatePem">> = testCertificate()): HttpClient {
  const send: HttpClient["send"] = async (method, path, options = {}) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), ...options.headers };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (options.sign !== false) {
      const cert = await certificate;
      const signed = await signRequest({ method, url: path, headers, body }, { privateKey: cert.privateKey, certificate: cert.certificatePem });
      Object.assign(headers, signed.headers);
    }
    return fetch(`${baseUrl}${path}`, { method, headers, redirect: "manual", ...(body === undefined ? {} : { body }) });
  };
  const control: HttpClient["control"] = (method, path, body) =>
    fetch(`${baseUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
    });
  const controlJson = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await control(method, path, body);
    if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { send, control, controlJson };
}

/** Sends raw bytes to the server on `port` and returns everything it writes until it closes the connection. */
export function rawExchange(port: number, text: string, options: { destroyAfterWrite?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(text);
      if (options.destroyAfterWrite) {
        socket.destroy();
        resolve("");
      }
    });
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("close", () => {
      resolve(received);
    });
    socket.on("error", reject);
  });
}

export interface RawConnection {
  write: (data: string | Buffer) => void;
  /** Everything the server has written so far. */
  received: () => string;
  /** Resolves with everything received once it matches `pattern`; rejects if the connection ends first. */
  until: (pattern: RegExp) => Promise<string>;
  /** Resolves once the server has closed the connection (or it failed). */
  closed: Promise<void>;
  destroy: () => void;
}

/** A TCP connection to the server on `port`, written and read by the test at its own pace (a request sent in parts). */
export function rawConnection(port: number): RawConnection {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  let ended = false;
  const waiters: (() => void)[] = [];
  const changed = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    received += chunk;
    changed();
  });
  const closed = new Promise<void>((resolve) => {
    socket.on("close", () => {
      ended = true;
      changed();
      resolve();
    });
  });
  socket.on("error", () => undefined); // a write after the server closed: the test reads what it answered
  const until = (pattern: RegExp): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (pattern.test(received)) resolve(received);
        else if (ended) reject(new Error(`The connection ended without ${String(pattern)}; received:\n${received.slice(0, 2000)}`));
        else waiters.push(check);
      };
      check();
    });
  return {
    write: (data) => {
      if (!socket.destroyed) socket.write(data);
    },
    received: () => received,
    until,
    closed,
    destroy: () => socket.destroy(),
  };
}

/** A server on a free port (in memory unless the options say otherwise) and a signed client to it. */
export async function serverAndClient(options: SandboxServerOptions = {}): Promise<{ server: SandboxServer; client: HttpClient }> {
  const server = await startSandboxServer({ port: 0, ...options });
  return { server, client: httpClient(server.url) };
}

/** A sandbox export, as far as growing it needs. */
export interface SandboxExportShape {
  stores: {
    transactions: { id: string; seq: number; accountId: string; paymentId?: string }[];
    accounts: { resourceId: string; transactionCount: number }[];
    meta: { key: string; value: unknown }[];
  };
}

/**
 * The export with `count` more transactions like its first that is no payment's booking (copies of a booking would
 * contradict its payment, and be refused: decision 0049); an import checks each account's transactionCount and nextSeq.
 */
export function withMoreTransactions<E extends SandboxExportShape>(exported: E, count: number): E {
  const template = exported.stores.transactions.find((transaction) => transaction.paymentId === undefined);
  if (!template) throw new Error("The export holds no transaction to copy.");
  const extra = Array.from({ length: count }, (_, index) => ({ ...template, id: `bulk-${String(index)}`, seq: 1_000_000 + index }));
  const stores = exported.stores;
  return {
    ...exported,
    stores: {
      ...stores,
      transactions: [...stores.transactions, ...extra],
      accounts: stores.accounts.map((account) =>
        account.resourceId === template.accountId ? { ...account, transactionCount: account.transactionCount + count } : account,
      ),
      meta: stores.meta.map((entry) => (entry.key === "nextSeq" ? { key: "nextSeq", value: 1_000_000 + count } : entry)),
    },
  };
}
