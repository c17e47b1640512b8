/** The history as the list shows it: each request with its operation's title and its search text. */
import { operations } from "../../contract/operations";
import type { Exchange } from "../../lib/exchange";
import { matchOf } from "./replay";
import { matchesStatus, matchesText, searchableText, type HistoryFilter } from "./search";

export interface HistoryRow {
  exchange: Exchange;
  title: string;
  path: string;
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

export function historyRows(exchanges: readonly Exchange[]): HistoryRow[] {
  return exchanges.map((exchange) => {
    const title = titleOf(exchange);
    return { exchange, title, path: pathOf(exchange.request.url), text: searchableText(exchange, title) };
  });
}

export const filterRows = (rows: readonly HistoryRow[], filter: HistoryFilter): HistoryRow[] =>
  rows.filter((row) => matchesStatus(row.exchange, filter.status) && matchesText(row.text, filter.q));
