/**
 * GET /__sandbox/requests and /__sandbox/requests/{id} (decision 0055): the sandbox's traffic record, newest first, and
 * one record whole. The query was checked against the contract (TrafficQuery) by the control dispatcher; here it
 * becomes the store's keyset page. On a hosted server each TPP's sandbox holds only its own traffic.
 */
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
    ...(query.tpp === undefined ? {} : { tpp: query.tpp }),
  };
}

export const notRecording = () =>
  failure("RESOURCE_UNKNOWN", "This sandbox keeps no traffic record (the server was started with --traffic-max-records 0); restart it without that option.");

export async function listTraffic(env: SandboxEnv, query: TrafficQuery): Promise<Answer> {
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
