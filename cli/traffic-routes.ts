/**
 * The recorded traffic's routes (issue 26: GET /__sandbox/requests, GET /__sandbox/report), in the control table's row
 * form, with the contract's shapes (src/contract/traffic.ts). They are written here only until their rows land in
 * src/contract/control.ts with the recording: then `tail` and `report` call them by id, and this file goes.
 */
import { ClientReport, TRAFFIC_PAGE_LIMIT, TrafficPage } from "../src/contract/traffic";
import type { RouteRow } from "./sandbox-client";

export const trafficRoutes = {
  /** A page of the traffic, newest first; `before` is the cursor of the next (older) page. */
  requests: { method: "GET", path: "/__sandbox/requests", response: TrafficPage },
  /** The client report: every check over the recorded traffic, of one client (`tpp`) or all. */
  report: { method: "GET", path: "/__sandbox/report", response: ClientReport },
} as const satisfies Record<string, RouteRow>;

export { TRAFFIC_PAGE_LIMIT };
