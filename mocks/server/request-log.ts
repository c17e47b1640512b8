/**
 * One log line per request: text for a person at a terminal, or a JSON object per line for a log
 * collector (--log-format json), with what an operator filters on: the operation, the status, the
 * time taken, the TPP (the SHA-256 of the key its verified signature was made with, the identity the
 * replay guard uses) and, on a hosted server, the tenant (its key: a hash of the TPP's
 * organizationIdentifier or certificate fingerprint). Both come from what answering the request
 * established (RequestFacts), never from its raw headers: an unsigned or forged request names no TPP.
 */
import type { IncomingMessage } from "node:http";
import { matchOperation } from "../../src/contract/paths";
import type { RequestFacts } from "../http/incoming";
import type { LogFormat } from "./cli-args";

export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  /** The interface operation's or control route's id; null for the server's own pages and unknown paths (a field of every line, so a collector's columns stay put). */
  operation: string | null;
  status: number | "aborted";
  ms: number;
  /** SHA-256 (hex) of the SubjectPublicKeyInfo that verified the request's signature; null for a request whose signature did not verify (or had none). */
  tpp: string | null;
  /** The tenant's key on a hosted (multi-tenant) server; null there for a request that reached none, and always null on a local one. */
  tenant: string | null;
}

const pathOnly = (target: string) => {
  const query = target.indexOf("?");
  return query < 0 ? target : target.slice(0, query);
};

export function requestLogEntry(req: IncomingMessage, status: number | "aborted", ms: number, at: Date, facts: RequestFacts = {}): RequestLogEntry {
  const method = req.method ?? "?";
  const path = pathOnly(req.url ?? "/");
  const found = matchOperation(method, path);
  return {
    time: at.toISOString(),
    method,
    path,
    operation: found.kind === "found" ? found.route.id : null,
    status,
    ms: Math.round(ms * 10) / 10,
    tpp: facts.signer?.spkiSha256 ?? null,
    tenant: facts.tenant ?? null,
  };
}

/** The line as written. The JSON one leaves the query string out: it may carry a TPP's data, and the operation finds the request. */
export function requestLogLine(
  format: LogFormat,
  req: IncomingMessage,
  status: number | "aborted",
  ms: number,
  at = new Date(),
  facts: RequestFacts = {},
): string {
  if (format === "text")
    return `${req.method ?? "?"} ${req.url ?? "?"} → ${String(status)} (${String(Math.round(ms))} ms)${facts.tenant === undefined ? "" : ` tenant ${facts.tenant}`}`;
  return JSON.stringify(requestLogEntry(req, status, ms, at, facts));
}
