/**
 * An attacker's tools for the server's tests: a signed request captured once and sent again as it is,
 * with another method or path, or another TPP-Signature-Certificate; a request signed over a Digest of
 * one's choosing; and header lines sent apart (fetch and the Headers class would join them).
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { buildSigningString, computeDigest, formatSignatureHeader, parseCertificate, signRequest } from "../../src/signing/index";
import { toBase64, utf8Bytes } from "../../src/signing/bytes";
import type { SandboxStore } from "../store/port";
import type { SandboxServer } from "./start";

export interface Signer {
  certificatePem: string;
  privateKey: CryptoKey;
}

/** A signed request as it went over the wire once. */
export interface Captured {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export async function capture(
  signer: Signer,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Captured> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), ...options.headers };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const signed = await signRequest({ method, url: path, headers, body }, { privateKey: signer.privateKey, certificate: signer.certificatePem });
  return { method, path, headers: { ...headers, ...signed.headers }, body };
}

/** Sends a captured request again, as it was or changed: another method or path (the signature covers neither), another certificate, a body. */
export function replay(
  baseUrl: string,
  captured: Captured,
  changes: { method?: string; path?: string; certificate?: string; body?: string } = {},
): Promise<Response> {
  const method = changes.method ?? captured.method;
  const body = changes.body ?? captured.body;
  const headers = { ...captured.headers, ...(changes.certificate === undefined ? {} : { "TPP-Signature-Certificate": changes.certificate }) };
  return fetch(`${baseUrl}${changes.path ?? captured.path}`, {
    method,
    headers,
    redirect: "manual",
    ...(body === undefined || method === "GET" || method === "DELETE" ? {} : { body }),
  });
}

/** A request signed by `signer` whose Digest header is `digest` as given (signRequest always writes its own), with digest signed. */
export async function signedWithDigest(signer: Signer, method: string, path: string, digest: string, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), "Content-Type": "application/json", ...headers, Digest: digest };
  const names = ["digest", "x-request-id", ...Object.keys(headers).map((name) => name.toLowerCase())];
  const signingString = buildSigningString(names, { method, url: path, headers: all });
  const signature = await globalThis.crypto.subtle.sign("RSASSA-PKCS1-v1_5", signer.privateKey, utf8Bytes(signingString));
  const certificate = parseCertificate(signer.certificatePem);
  const Signature = formatSignatureHeader({ keyId: certificate.keyId, algorithm: "rsa-sha256", headers: names, signature: toBase64(signature) });
  return { ...all, Signature, "TPP-Signature-Certificate": certificate.base64Der };
}

export const digestOf = (body: string) => computeDigest(body);

/** One request whose headers may repeat: an array is sent as that many header lines (node:http keeps them apart). */
export function sendLines(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string | string[]>,
  body?: string,
): Promise<{ status: number; text: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${baseUrl}${path}`, { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, text, headers: response.headers });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Every payment on a server, in every tenant's sandbox on a hosted one: what a replay must not add to. */
export async function paymentsOn(server: SandboxServer): Promise<number> {
  const count = async (store: SandboxStore) => (await store.exportAll()).stores.payments.length;
  if (!server.tenants) return count(server.sandbox.env.store);
  let total = 0;
  for (const key of await server.tenants.keys()) total += (await server.tenants.useExisting(key, (sandbox) => count(sandbox.env.store))) ?? 0;
  return total;
}
