/**
 * The Traffic view's filters, kept in the address (so a filtered view can be shared and survives a reload), and
 * what they ask GET /__sandbox/requests. Times are Oslo wall-clock times, as everywhere in the portal; the route
 * takes instants.
 */
import { osloWallToIso } from "../../contract/oslo-time";

export const STATUS_FILTERS = ["", "2xx", "3xx", "4xx", "401", "5xx"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface TrafficFilter {
  status: StatusFilter;
  /** An operation or control route id, or "" for all. */
  operation: string;
  /** The SHA-256 of a TPP's certificate (64 hex digits), or "" for every client. */
  tpp: string;
  /** Oslo wall-clock times "YYYY-MM-DDTHH:MM", or "". */
  since: string;
  until: string;
  /** "include": the sandbox controls' reads shown too; "": left out (mostly this portal's own polling), unless `operation` names one. */
  controlReads: "" | "include";
}

export const NO_FILTER: TrafficFilter = { status: "", operation: "", tpp: "", since: "", until: "", controlReads: "" };
/** What narrows the list (showing the controls' reads widens it). */
const NARROWING = ["status", "operation", "tpp", "since", "until"] as const;
const NAMES = [...NARROWING, "controlReads"] as const;

const isStatus = (value: string): value is StatusFilter => (STATUS_FILTERS as readonly string[]).includes(value);

export function filterFromSearch(search: string): TrafficFilter {
  const params = new URLSearchParams(search);
  const status = params.get("status") ?? "";
  return {
    status: isStatus(status) ? status : "",
    operation: /^[A-Za-z][A-Za-z0-9]{0,63}$/.test(params.get("operation") ?? "") ? (params.get("operation") ?? "") : "",
    tpp: /^[0-9a-f]{64}$/.test(params.get("tpp") ?? "") ? (params.get("tpp") ?? "") : "",
    since: osloWallToIso(params.get("since") ?? "") === undefined ? "" : (params.get("since") ?? ""),
    until: osloWallToIso(params.get("until") ?? "") === undefined ? "" : (params.get("until") ?? ""),
    controlReads: params.get("controlReads") === "include" ? "include" : "",
  };
}

/** "?status=4xx&…", or "" for no filter: the address's search. */
export function searchOfFilter(filter: TrafficFilter): string {
  const params = new URLSearchParams(NAMES.filter((name) => filter[name] !== "").map((name) => [name, filter[name]]));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

export const isFiltered = (filter: TrafficFilter) => NARROWING.some((name) => filter[name] !== "");

/** The query of GET /__sandbox/requests for these filters (without the cursor). */
export function queryOfFilter(filter: TrafficFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.status !== "") query.status = filter.status;
  if (filter.operation !== "") query.operation = filter.operation;
  if (filter.tpp !== "") query.tpp = filter.tpp;
  const since = osloWallToIso(filter.since);
  const until = osloWallToIso(filter.until);
  if (since !== undefined) query.since = since;
  if (until !== undefined) query.until = until;
  if (filter.controlReads === "" && filter.operation === "") query.controlReads = "exclude";
  return query;
}

/** A time window that selects nothing, in words; undefined when it can hold requests. */
export function emptyWindow(filter: TrafficFilter): string | undefined {
  const { since, until } = queryOfFilter(filter);
  return since !== undefined && until !== undefined && since >= until
    ? "The “until” time is not after the “since” time: no request can fall between."
    : undefined;
}
