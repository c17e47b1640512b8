/** The history as the list shows it: each request with its operation's title and its search text. */
import { operations } from "../../contract/operations";
import type { Exchange } from "../../lib/exchange";
import { matchOf } from "./replay";
import { matchesStatus, matchesText, searchableText, type HistoryFilter } from "./search";

export interface HistoryRow {
  exchange: Exchange;
  title: string;
  path: string;
  /** Where it went: "this browser" or the server's host and port. */
  sandbox: string;
  text: string;
}

const titles = new Map<string, string>(operations.map((operation) => [operation.id, operation.title]));

export function titleOf(exchange: Exchange): string {
  const recorded = exchange.operationId ? titles.get(exchange.operationId) : undefined;
  return recorded ?? matchOf(exchange)?.operation.title ?? "Unknown operation";
}

export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** The sandbox a request went to, in a word: entries from before the choice existed name their address's host. */
export function sandboxOf(exchange: Exchange): string {
  if (exchange.sandbox === "browser") return "this browser";
  try {
    return new URL(exchange.sandbox ?? exchange.request.url).host;
  } catch {
    return exchange.sandbox ?? "unknown";
  }
}

export function historyRows(exchanges: readonly Exchange[]): HistoryRow[] {
  return exchanges.map((exchange) => {
    const title = titleOf(exchange);
    return { exchange, title, path: pathOf(exchange.request.url), sandbox: sandboxOf(exchange), text: searchableText(exchange, title) };
  });
}

export const filterRows = (rows: readonly HistoryRow[], filter: HistoryFilter): HistoryRow[] =>
  rows.filter((row) => matchesStatus(row.exchange, filter.status) && matchesText(row.text, filter.q));
