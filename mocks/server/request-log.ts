/**
 * One log line per request: text for a person at a terminal, or a JSON object per line for a log
 * collector (--log-format json), with what an operator filters on: the operation, the status, the
 * time taken, the TPP (its certificate's SHA-256 fingerprint, the identity the replay guard uses) and,
 * on a hosted server, the tenant (its key: a hash of the TPP's organizationIdentifier or fingerprint).
 */
import type { IncomingMessage } from "node:http";
import { matchOperation } from "../../src/contract/paths";
import { certificateFingerprint } from "../http/request-guard";
import type { LogFormat } from "./cli-args";

export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  /** The interface operation's or control route's id; null for the server's own pages and unknown paths (a field of every line, so a collector's columns stay put). */
  operation: string | null;
  status: number | "aborted";
  ms: number;
  /** The certificate fingerprint (hex) when the request carried TPP-Signature-Certificate. */
  tpp: string | null;
  /** The tenant's key on a hosted (multi-tenant) server; null there for a request that names none, and always null on a local one. */
  tenant: string | null;
}

/** Finds the tenant a request names (hosted mode); absent on a local server. */
export type TenantOfRequest = (req: IncomingMessage) => Promise<string | null>;

const pathOnly = (target: string) => {
  const query = target.indexOf("?");
  return query < 0 ? target : target.slice(0, query);
};

export async function requestLogEntry(
  req: IncomingMessage,
  status: number | "aborted",
  ms: number,
  at: Date,
  tenantOf?: TenantOfRequest,
): Promise<RequestLogEntry> {
  const method = req.method ?? "?";
  const path = pathOnly(req.url ?? "/");
  const found = matchOperation(method, path);
  const certificate = req.headers["tpp-signature-certificate"];
  return {
    time: at.toISOString(),
    method,
    path,
    operation: found.kind === "found" ? found.route.id : null,
    status,
    ms: Math.round(ms * 10) / 10,
    tpp: typeof certificate === "string" && certificate.length > 0 && certificate.length < 16_384 ? await certificateFingerprint(certificate) : null,
    tenant: tenantOf ? await tenantOf(req) : null,
  };
}

/** The line as written. The JSON one leaves the query string out: it may carry a TPP's data, and the operation finds the request. */
export async function requestLogLine(
  format: LogFormat,
  req: IncomingMessage,
  status: number | "aborted",
  ms: number,
  at = new Date(),
  tenantOf?: TenantOfRequest,
): Promise<string> {
  if (format === "text") {
    const tenant = tenantOf ? await tenantOf(req) : null;
    return `${req.method ?? "?"} ${req.url ?? "?"} → ${String(status)} (${String(Math.round(ms))} ms)${tenant === null ? "" : ` tenant ${tenant}`}`;
  }
  return JSON.stringify(await requestLogEntry(req, status, ms, at, tenantOf));
}
