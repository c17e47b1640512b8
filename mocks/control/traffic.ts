/**
 * GET /__sandbox/requests and /__sandbox/requests/{id} (decision 0055): the sandbox's traffic record, newest first, and
 * one record whole. The query was checked against the contract (TrafficQuery) by the control dispatcher; here it
 * becomes the store's keyset page. On a hosted server each TPP's sandbox holds only its own traffic.
 */
import { isControlRoute, routes } from "../../src/contract/paths";
import { TRAFFIC_PAGE_LIMIT, type TrafficQuery } from "../../src/contract/traffic";
import type { SandboxEnv } from "../env/sandbox-env";
import { failure, type Answer } from "../env/answer";
import { trafficIdAt } from "../store/traffic-rows";
import type { TrafficPageQuery } from "../store/port";
import { answerWith } from "./answer";

/** A status filter as a range: "4xx" is 400–499, "401" is 401. */
function statusRange(status: string | undefined): Pick<TrafficPageQuery, "statusFrom" | "statusTo"> {
  if (status === undefined) return {};
  if (status.endsWith("xx")) {
    const from = Number(status[0]) * 100;
    return { statusFrom: from, statusTo: from + 99 };
  }
  return { statusFrom: Number(status), statusTo: Number(status) };
}

export function pageQueryOf(query: TrafficQuery): TrafficPageQuery {
  return {
    limit: query.limit === undefined ? TRAFFIC_PAGE_LIMIT.default : Number(query.limit),
    ...(query.cursor === undefined ? {} : { before: query.cursor }),
    ...(query.since === undefined ? {} : { from: trafficIdAt(Date.parse(query.since)) }),
    ...(query.until === undefined ? {} : { to: trafficIdAt(Date.parse(query.until)) }),
    ...statusRange(query.status),
    ...(query.operation === undefined ? {} : { operation: query.operation }),
    ...(query.controlReads === "exclude" && query.operation === undefined ? { withoutOperations: CONTROL_READS } : {}),
    ...(query.tpp === undefined ? {} : { tpp: query.tpp }),
  };
}

export const notRecording = () =>
  failure("RESOURCE_UNKNOWN", "This sandbox keeps no traffic record (the server was started with --traffic-max-records 0); restart it without that option.");

/** The sandbox controls' reads: what `controlReads=exclude` leaves out (a portal's own polling). */
const CONTROL_READS: readonly string[] = routes.filter((route) => isControlRoute(route) && route.method === "GET").map((route) => route.id);

/** The ids a record's operation can be: the interface's operations and the control routes (the contract's). */
const ROUTE_IDS = new Set<string>(routes.map((route) => route.id));

/** Why an operation filter can match nothing (an id of no route: a typo, the wrong case), or undefined. */
function unknownOperation(operation: string | undefined): string | undefined {
  if (operation === undefined || ROUTE_IDS.has(operation)) return undefined;
  const meant = [...ROUTE_IDS].find((id) => id.toLowerCase() === operation.toLowerCase());
  return `operation ${JSON.stringify(operation)} is no operation or control route${meant === undefined ? "" : `; did you mean ${meant}`}: the ids are the operationIds of /openapi.json, such as createPayment or sandboxAccounts.`;
}

export async function listTraffic(env: SandboxEnv, query: TrafficQuery): Promise<Answer> {
  const unknown = unknownOperation(query.operation);
  if (unknown !== undefined) return failure("FORMAT_ERROR", unknown, "operation");
  if (env.traffic === undefined) return notRecording();
  return answerWith("sandboxRequests", await env.store.trafficPage(pageQueryOf(query)));
}

export async function showTraffic(env: SandboxEnv, id: string): Promise<Answer> {
  if (env.traffic === undefined) return notRecording();
  const record = await env.store.trafficRecord(id);
  if (record === undefined)
    return failure(
      "RESOURCE_UNKNOWN",
      `No recorded request ${JSON.stringify(id.slice(0, 64))}: the ids are those GET /__sandbox/requests lists; the oldest records make room for new ones.`,
    );
  return answerWith("sandboxRequest", record);
}
