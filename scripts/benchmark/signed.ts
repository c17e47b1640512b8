/** Signed interface requests for the benchmark, made before the clock starts (signing is the client's cost, not the server's). */
import { generateTestCertificate, signRequest, type TestCertificate } from "../../src/signing/index";
import type { LoadRequest } from "./load";

let credentials: Promise<TestCertificate> | undefined;
const certificate = () => (credentials ??= generateTestCertificate({ tppName: "Benchmark TPP" }));

/** Another TPP's certificate (its own organizationIdentifier): in hosted mode, its own sandbox. */
export const tppCertificate = (index: number): Promise<TestCertificate> =>
  generateTestCertificate({ tppName: `Benchmark TPP ${String(index)}`, organizationId: String(100_000_000 + index) });

/** One signed request: a fresh X-Request-ID each (the server refuses a replayed one), JSON body when given; signed by `as`, else the benchmark's own TPP. */
export async function signed(
  method: string,
  path: string,
  extraHeaders: Record<string, string> = {},
  body?: unknown,
  as?: Promise<TestCertificate>,
): Promise<LoadRequest> {
  const cert = await (as ?? certificate());
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {
    "X-Request-ID": crypto.randomUUID(),
    ...extraHeaders,
    ...(text === undefined ? {} : { "Content-Type": "application/json" }),
  };
  const result = await signRequest({ method, url: path, headers, body: text }, { privateKey: cert.privateKey, certificate: cert.certificatePem });
  return { method, path, headers: { ...headers, ...result.headers }, ...(text === undefined ? {} : { body: text }) };
}

/** `count` requests made by `make(index)`, signed side by side in small groups. */
export async function signedMany(count: number, make: (index: number) => Promise<LoadRequest>): Promise<LoadRequest[]> {
  const all: LoadRequest[] = [];
  for (let start = 0; start < count; start += 50)
    all.push(...(await Promise.all(Array.from({ length: Math.min(50, count - start) }, (_, offset) => make(start + offset)))));
  return all;
}
