/** `psd2-sandbox tail [--limit N] [--follow]`: the recorded traffic, one line per request, oldest first. */
import { setTimeout as sleep } from "node:timers/promises";
import { TRAFFIC_PAGE_LIMIT, type TrafficSummary } from "../../src/contract/traffic";
import type { Command } from "../command";
import { CommandError, type SandboxClient } from "../sandbox-client";

/** How often --follow asks for new requests. */
export const FOLLOW_INTERVAL_MS = 1_000;
/**
 * How far back each ask of --follow reads: a record's id and time are its request's arrival, and it is written once
 * its answer has gone, so a slow request is recorded after quicker ones that came later. Any request answered within
 * this time of a later one is still printed (once).
 */
const FOLLOW_SLACK_MS = 5_000;
/** Pages (of the largest size) one ask of --follow reads at most: a burst beyond them is said, not read without end. */
const FOLLOW_PAGES = 10;

/** What --follow has printed: each record once, however often a reading meets it again. */
class FollowedTraffic {
  private readonly printed = new Map<string, number>();
  private newest: number;
  /** Requests up to this id arrived before the first reading: left out on purpose (--limit), never printed later. */
  private readonly floor: string | undefined;

  /** After `first`, the first reading (newest first), printed. */
  constructor(first: readonly TrafficSummary[]) {
    this.floor = first[0]?.id;
    this.newest = first[0] === undefined ? Number.NEGATIVE_INFINITY : Date.parse(first[0].at);
  }

  /** Where the next reading starts: a little before the newest arrival printed (the whole record when none was). */
  since(): string | undefined {
    return Number.isFinite(this.newest) ? new Date(this.newest - FOLLOW_SLACK_MS).toISOString() : undefined;
  }

  /** The requests of a reading not printed before, oldest first; those now older than any reading forgotten. */
  fresh(requests: readonly TrafficSummary[]): TrafficSummary[] {
    const fresh = requests
      .filter((request) => !this.printed.has(request.id) && (this.floor === undefined || request.id > this.floor))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const request of fresh) {
      const at = Date.parse(request.at);
      this.printed.set(request.id, at);
      this.newest = Math.max(this.newest, at);
    }
    const horizon = this.newest - FOLLOW_SLACK_MS;
    for (const [id, at] of this.printed) if (at < horizon) this.printed.delete(id);
    return fresh;
  }
}

/** The pages of requests that arrived at or after `since`, newest first, at most FOLLOW_PAGES of them. */
async function readSince(client: SandboxClient, since: string | undefined): Promise<TrafficSummary[][]> {
  const pages: TrafficSummary[][] = [];
  let cursor: string | undefined;
  do {
    const query = { limit: String(TRAFFIC_PAGE_LIMIT.max), ...(since === undefined ? {} : { since }), ...(cursor === undefined ? {} : { cursor }) };
    const page = await client.control("sandboxRequests", { query });
    pages.push(page.requests);
    cursor = page.next ?? undefined;
  } while (cursor !== undefined && pages.length < FOLLOW_PAGES);
  return pages;
}

/** One request as a line: when, what, the answer, who signed it, what it changed, what the doctor found. */
export function trafficLine(request: TrafficSummary): string {
  const tpp =
    request.tpp === null
      ? "unsigned"
      : `${request.tpp.verified ? "" : "unverified "}${request.tpp.organizationIdentifier ?? request.tpp.keySha256.slice(0, 12)}`;
  const changes = request.changes.map(
    (change) => `${change.kind}${change.id === undefined ? "" : ` ${change.id}`} ${change.from ?? ""}${change.from === undefined ? "" : "→"}${change.to}`,
  );
  return [
    `${request.at} ${request.method} ${request.path}${request.query === "" ? "" : `?${request.query}`} → ${String(request.status)} (${String(Math.round(request.ms))} ms)`,
    request.operation ?? "-",
    tpp,
    ...(request.scenario === null ? [] : [`scenario ${request.scenario}`]),
    ...(changes.length ? [changes.join(", ")] : []),
    ...(request.diagnosisCodes.length ? [`signature: ${request.diagnosisCodes.join(", ")}`] : []),
  ].join("  ");
}

export const tail: Command = {
  spec: {
    usage: "psd2-sandbox tail [--limit N] [--follow]",
    help:
      `Prints the requests the sandbox recorded, one line each, oldest first: the last --limit (default ${String(TRAFFIC_PAGE_LIMIT.default)}, at most\n` +
      `${String(TRAFFIC_PAGE_LIMIT.max)}). --follow goes on printing new ones as they come (Ctrl+C stops). With --json, one JSON object per line.`,
    values: ["--limit"],
    flags: ["--follow"],
  },
  async run({ command, client, io, signal }) {
    if (command.positionals.length > 0) throw new CommandError(`Unexpected ${JSON.stringify(command.positionals[0])}: ${tail.spec.usage}.`, 2);
    const limitText = command.values.get("--limit")?.[0] ?? String(TRAFFIC_PAGE_LIMIT.default);
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > TRAFFIC_PAGE_LIMIT.max)
      throw new CommandError(`--limit is a whole number from 1 to ${String(TRAFFIC_PAGE_LIMIT.max)}; got ${JSON.stringify(limitText)}.`, 2);
    const show = (request: TrafficSummary) => {
      io.out(command.common.json ? JSON.stringify(request) : trafficLine(request));
    };
    const first = await client.control("sandboxRequests", { query: { limit: String(limit) } });
    for (const request of first.requests.toReversed()) show(request);
    if (!command.flags.has("--follow")) return 0;
    const seen = new FollowedTraffic(first.requests);
    let lost = false;
    for (;;) {
      // Aborted: the wait ends at once (its rejection is the stop, not a failure).
      await sleep(FOLLOW_INTERVAL_MS, undefined, signal === undefined ? {} : { signal }).catch(() => undefined);
      if (signal?.aborted === true) return 0;
      let pages: TrafficSummary[][];
      try {
        pages = await readSince(client, seen.since());
      } catch (error) {
        // A sandbox that restarts (a test run's own) is waited for, not given up on: what it recorded meanwhile follows.
        if (!(error instanceof CommandError) || error.status !== undefined) throw error;
        if (!lost) io.err(`psd2-sandbox tail: ${error.message} Trying again every ${String(FOLLOW_INTERVAL_MS / 1000)} s.`);
        lost = true;
        continue;
      }
      if (lost) io.err(`psd2-sandbox tail: the sandbox at ${client.url} answers again.`);
      lost = false;
      if (pages.length === FOLLOW_PAGES && pages.at(-1)?.length === TRAFFIC_PAGE_LIMIT.max)
        io.err(
          `psd2-sandbox tail: more than ${String(FOLLOW_PAGES * TRAFFIC_PAGE_LIMIT.max)} requests came in ${String(FOLLOW_SLACK_MS / 1000)} s; older ones among them are not printed (GET /__sandbox/requests lists them).`,
        );
      for (const request of seen.fresh(pages.flat())) show(request);
    }
  },
};
