/** One request as sent and its answer: what the inspector shows and the history keeps. */
import type { OperationId } from "../contract/operations";

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface SigningDetails {
  digest: string;
  signingString: string;
  signedHeaders: string[];
  signatureHeader: string;
  keyId: string;
  algorithm: string;
  certificate: {
    serialNumber: string;
    issuer: string;
    subject: string;
    notBefore: string;
    notAfter: string;
  };
}

export interface WireResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
}

export interface Exchange {
  id: string;
  sentAt: number;
  operationId: OperationId | null;
  /** The sandbox it went to: "browser" (this browser's) or a server's origin; absent in entries from before the choice existed. */
  sandbox?: string;
  /** The request exactly as the browser sent it. */
  request: WireRequest;
  /** Headers the form holds that a browser may not send (Host, Date, …), shown but not sent. */
  unsentHeaders: Record<string, string>;
  signing?: SigningDetails;
  response?: WireResponse;
  /** A request that never got an answer (network, CORS, sandbox not started). */
  error?: string;
  /** Changed after signing on purpose, to see the bank's answer (what was changed, in words). */
  tampered?: string;
}
