/** `psd2-sandbox tail [--limit N] [--follow]`: the recorded traffic, one line per request, oldest first. */
import { TRAFFIC_PAGE_LIMIT, type TrafficSummary } from "../../src/contract/traffic";
import type { Command } from "../command";
import { CommandError } from "../sandbox-client";

/** How often --follow asks for new requests. */
export const FOLLOW_INTERVAL_MS = 1_000;

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
    `${request.at} ${request.method} ${request.path} → ${String(request.status)} (${String(Math.round(request.ms))} ms)`,
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
  async run({ command, client, io }) {
    if (command.positionals.length > 0) throw new CommandError(`Unexpected ${JSON.stringify(command.positionals[0])}: ${tail.spec.usage}.`, 2);
    const limitText = command.values.get("--limit")?.[0] ?? String(TRAFFIC_PAGE_LIMIT.default);
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > TRAFFIC_PAGE_LIMIT.max)
      throw new CommandError(`--limit is a whole number from 1 to ${String(TRAFFIC_PAGE_LIMIT.max)}; got ${JSON.stringify(limitText)}.`, 2);
    const show = (request: TrafficSummary) => {
      io.out(command.common.json ? JSON.stringify(request) : trafficLine(request));
    };
    let last: string | undefined;
    const printNew = async () => {
      const page = await client.control("sandboxRequests", { query: { limit: String(limit) } });
      // Newest first on the wire; ids are time-ordered, so what is newer than the last printed is what is new.
      const fresh = page.requests.filter((request) => last === undefined || request.id > last).reverse();
      for (const request of fresh) show(request);
      last = fresh.at(-1)?.id ?? last;
    };
    await printNew();
    if (!command.flags.has("--follow")) return 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
      await printNew();
    }
  },
};
