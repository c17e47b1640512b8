/**
 * The client report's route (issue 26: GET /__sandbox/report), in the control table's row form, with the contract's
 * shape (src/contract/traffic.ts). It is written here only until its row lands in src/contract/control.ts with the
 * report: then `report` calls it by id, and this file goes.
 */
import { ClientReport } from "../src/contract/traffic";
import type { RouteRow } from "./sandbox-client";

export const trafficRoutes = {
  /** The client report: every check over the recorded traffic, of one client (`tpp`) or all. */
  report: { method: "GET", path: "/__sandbox/report", response: ClientReport },
} as const satisfies Record<string, RouteRow>;
