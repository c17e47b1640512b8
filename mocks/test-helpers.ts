/** A signed client for the sandbox in tests: fills the required headers and signs as a TPP would. */
import { generateTestCertificate, signRequest, type TestCertificate } from "../src/signing/index";
import { createMemorySandbox } from "./memory-sandbox";
import type { Sandbox } from "./sandbox";
import { operationById } from "../src/contract/operations";
import type { ExplorerAccount } from "../src/contract/control-schemas";
import { DEFAULT_PSU_ID } from "../src/contract/default-psu";

export const ORIGIN = "http://sandbox.test";
/** The payment collections, as the operation table has them. */
export const NDCT = operationById("createPayment").path;
export const PERIODIC = operationById("createPeriodicPayment").path;
/** An account as GET /__sandbox/accounts lists it (the control table's answer). */
export type ListedAccount = ExplorerAccount;
export const KARI = { psuId: DEFAULT_PSU_ID, customerNumber: "01817010055" };
export const OLA = { psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a22", customerNumber: "05827510086" };
export const FJORDLINE = { psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a31", customerNumber: "999990010" };

let certificate: Promise<TestCertificate> | undefined;
// Valid from 2020 for 30 years: tests that fix the sandbox's real time (a date in 2026) hold whatever day they run.
export const testCertificate = () =>
  (certificate ??= generateTestCertificate({ tppName: "Test TPP", notBefore: new Date("2020-01-01T00:00:00Z"), validityDays: 30 * 365 }));

export interface SendOptions {
  headers?: Record<string, string | undefined>;
  body?: unknown;
  /** Send the body exactly as given (a string), without JSON encoding. */
  rawBody?: string;
  sign?: boolean;
  /** Change the request after signing (tampering tests). */
  afterSigning?: (request: { headers: Record<string, string>; body: string | undefined }) => void;
}

export interface TestClient {
  sandbox: Sandbox;
  send: (
    method: string,
    path: string,
    options?: SendOptions,
  ) => Promise<{ status: number; headers: Headers; json: () => Promise<unknown>; text: () => Promise<string> }>;
  /** Sandbox-control routes: unsigned JSON. */
  control: (
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; headers: Headers; json: () => Promise<unknown>; text: () => Promise<string> }>;
}

/**
 * A client of a new in-memory sandbox, or of `options.sandbox` (one over another store, say); `options.certificate` is
 * the TPP that signs (the shared test certificate by default).
 */
export async function testClient(options: { now?: () => number; sandbox?: Sandbox; certificate?: TestCertificate } = {}): Promise<TestClient> {
  const sandbox = options.sandbox ?? (await createMemorySandbox(options.now ? { realNow: options.now } : {}));
  const cert = options.certificate ?? (await testCertificate());
  const send: TestClient["send"] = async (method, path, sendOptions = {}) => {
    const body = sendOptions.rawBody ?? (sendOptions.body === undefined ? undefined : JSON.stringify(sendOptions.body));
    const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID() };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    for (const [name, value] of Object.entries(sendOptions.headers ?? {})) {
      if (value === undefined) Reflect.deleteProperty(headers, name);
      else headers[name] = value;
    }
    if (sendOptions.sign !== false) {
      const signed = await signRequest({ method, url: path, headers, body }, { privateKey: cert.privateKey, certificate: cert.certificatePem });
      Object.assign(headers, signed.headers);
    }
    const request = { headers, body };
    sendOptions.afterSigning?.(request);
    const response = await sandbox.dispatch(
      new Request(`${ORIGIN}${path}`, { method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) }),
    );
    if (!response) throw new Error(`The sandbox did not answer ${method} ${path}`);
    return { status: response.status, headers: response.headers, json: () => response.json() as Promise<unknown>, text: () => response.text() };
  };
  const control: TestClient["control"] = async (method, path, body) => {
    const response = await sandbox.dispatch(
      new Request(`${ORIGIN}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
      }),
    );
    if (!response) throw new Error(`The sandbox did not answer ${method} ${path}`);
    return { status: response.status, headers: response.headers, json: () => response.json() as Promise<unknown>, text: () => response.text() };
  };
  return { sandbox, send, control };
}

/** Headers a payment initiation needs besides the signature. */
export const initiationHeaders = (psu: { psuId: string }, extra: Record<string, string> = {}) => ({
  "PSU-ID": psu.psuId,
  "TPP-Session-ID": "session-1",
  "TPP-Redirect-URI": "https://tpp.example/callback",
  "PSU-IP-Address": "192.0.2.10",
  ...extra,
});

/** Kari's everyday account (Brukskonto) and Ola's: the pair most tests pay between, from the explorer's account list. */
export function kariAndOla<A extends { customerNumber: string; accountName: string }>(accounts: readonly A[]): { kari: A; ola: A } {
  const kari = accounts.find((account) => account.customerNumber === KARI.customerNumber && account.accountName === "Brukskonto");
  const ola = accounts.find((account) => account.customerNumber === OLA.customerNumber);
  if (!kari || !ola) throw new Error("The fixed data lacks Kari's Brukskonto or Ola's account.");
  return { kari, ola };
}

/** A NOK payment of `amount` from `debtor` to `creditor` (named Ola Nordmann); other `fields` add to it or replace its own. */
export const paymentBody = (
  debtor: { bban: string },
  creditor: { bban: string },
  { amount = "10.00", ...fields }: { amount?: string } & Record<string, unknown> = {},
) => ({
  instructedAmount: { amount, currency: "NOK" },
  creditorName: "Ola Nordmann",
  creditorAccount: { bban: creditor.bban, currency: "NOK" },
  debtorAccount: { bban: debtor.bban, currency: "NOK" },
  ...fields,
});
