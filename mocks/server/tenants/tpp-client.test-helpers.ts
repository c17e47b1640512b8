/** TPPs for the hosted server's tests: a certificate each, and a client that signs every request, the controls too. */
import { request as httpRequest } from "node:http";
import { generateTestCertificate, signRequest } from "../../../src/signing/index";
import { toPem } from "../../../src/signing/pem";
import { createSelfSignedCertificate } from "../../../src/signing/x509";
import { tenantKeyOf } from "./tenant-identity";

export interface TppCredentials {
  certificatePem: string;
  privateKey: CryptoKey;
  /** The tenant key the server should give this TPP. */
  tenantKey: string;
}

/** A QSealC-shaped certificate with organizationIdentifier PSDNO-FSA-<organizationId>. */
export async function organizationTpp(organizationId: string): Promise<TppCredentials> {
  const made = await generateTestCertificate({ tppName: `TPP ${organizationId}`, organizationId });
  return { certificatePem: made.certificatePem, privateKey: made.privateKey, tenantKey: await tenantKeyOf(`org:PSDNO-FSA-${organizationId}`) };
}

/** A certificate whose subject has no organizationIdentifier (CN and C only): its tenant is its fingerprint. */
export async function fingerprintTpp(name: string): Promise<TppCredentials> {
  const subtle = globalThis.crypto.subtle;
  const keys = await subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 }, true, [
    "sign",
    "verify",
  ]);
  const now = Date.now();
  const der = await createSelfSignedCertificate({
    name: [
      ["2.5.4.6", "NO"],
      ["2.5.4.3", name],
    ],
    serialHex: "0A0B0C0D",
    notBefore: new Date(now - 3_600_000),
    notAfter: new Date(now + 365 * 86_400_000),
    keys,
    hash: "SHA-256",
  });
  const fingerprint = Array.from(new Uint8Array(await subtle.digest("SHA-256", der)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return {
    certificatePem: toPem("CERTIFICATE", new Uint8Array(der)),
    privateKey: keys.privateKey,
    tenantKey: await tenantKeyOf(`sha256:${fingerprint}`),
  };
}

/** `count` QSealC-shaped certificates over one RSA key, each naming another organizationIdentifier: `count` new tenants for the price of one key. */
export async function tppsOverOneKey(count: number): Promise<TppCredentials[]> {
  const keys = await globalThis.crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 },
    true,
    ["sign", "verify"],
  );
  const now = Date.now();
  const first = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const organization = `PSDNO-FSA-${String(first + index)}`;
      const der = await createSelfSignedCertificate({
        name: [
          ["2.5.4.6", "NO"],
          ["2.5.4.97", organization],
          ["2.5.4.3", `Throwaway ${String(index)}`],
        ],
        serialHex: (index + 1).toString(16).padStart(8, "0"),
        notBefore: new Date(now - 3_600_000),
        notAfter: new Date(now + 365 * 86_400_000),
        keys,
        hash: "SHA-256",
      });
      return { certificatePem: toPem("CERTIFICATE", new Uint8Array(der)), privateKey: keys.privateKey, tenantKey: await tenantKeyOf(`org:${organization}`) };
    }),
  );
}

/** The certificate as TPP-Signature-Certificate carries it: base64 DER on one line. */
export const base64Der = (tpp: TppCredentials) => tpp.certificatePem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");

/** A certificate naming PSDNO-FSA-<organizationId> over a 1024-bit RSA key: too weak to sign or to be bound. */
export async function weakOrganizationCertificate(organizationId: string): Promise<string> {
  const keys = await globalThis.crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 1024 },
    true,
    ["sign", "verify"],
  );
  const now = Date.now();
  const der = await createSelfSignedCertificate({
    name: [
      ["2.5.4.6", "NO"],
      ["2.5.4.97", `PSDNO-FSA-${organizationId}`],
      ["2.5.4.3", "Weak TPP"],
    ],
    serialHex: "0B0C0D0E",
    notBefore: new Date(now - 3_600_000),
    notAfter: new Date(now + 365 * 86_400_000),
    keys,
    hash: "SHA-256",
  });
  return btoa(String.fromCharCode(...new Uint8Array(der)));
}

export interface TppClient {
  /** Signed (unless sign: false), with a new X-Request-ID; JSON body when given. */
  send(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; sign?: boolean; dropAfterSigning?: string[] },
  ): Promise<Response>;
  /** The JSON of a signed request, failing the test on a non-2xx answer. */
  json<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

/**
 * fetch from a given local address (127.0.0.2, 127.0.0.3, …: every 127/8 address is this machine's), so a
 * server on 127.0.0.1 sees one client per address, as it would see TPPs on other machines.
 */
function fetchFrom(localAddress: string, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: init.method, headers: init.headers, localAddress, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", reject);
      answer.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) if (typeof value === "string") headers.set(name, value);
        const body = Buffer.concat(chunks);
        resolve(new Response(answer.statusCode === 204 || body.length === 0 ? null : body, { status: answer.statusCode ?? 0, headers }));
      });
    });
    sent.on("error", reject);
    sent.end(init.body);
  });
}

/** `from`: the local address the requests leave from (default: fetch's, 127.0.0.1 to a loopback server). */
export function tppClient(baseUrl: string, tpp: TppCredentials, from?: string): TppClient {
  const send: TppClient["send"] = async (method, path, options = {}) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), ...options.headers };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (options.sign !== false) {
      const signed = await signRequest({ method, url: path, headers, body }, { privateKey: tpp.privateKey, certificate: tpp.certificatePem });
      Object.assign(headers, signed.headers);
    }
    for (const name of options.dropAfterSigning ?? []) Reflect.deleteProperty(headers, name);
    if (from !== undefined) return fetchFrom(from, `${baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    return fetch(`${baseUrl}${path}`, { method, headers, redirect: "manual", ...(body === undefined ? {} : { body }) });
  };
  return {
    send,
    async json<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
      const response = await send(method, path, { ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
      if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}: ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
