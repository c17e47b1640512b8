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

export function httpClient(baseUrl: string): HttpClient {
  const send: HttpClient["send"] = async (method, path, options = {}) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), ...options.headers };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (options.sign !== false) {
      const cert = await testCertificate();
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

/** A server on a free port (in memory unless the options say otherwise) and a signed client to it. */
export async function serverAndClient(options: SandboxServerOptions = {}): Promise<{ server: SandboxServer; client: HttpClient }> {
  const server = await startSandboxServer({ port: 0, ...options });
  return { server, client: httpClient(server.url) };
}
