/**
 * Finding a request again: the filter kept in the address (`?q=…&status=4xx`, so it survives a
 * reload and can be shared), and the match over what a developer remembers of a request.
 */
import type { Exchange } from "../../lib/exchange";
import { reasonPhrase } from "../../lib/http-status";

export const STATUS_FILTERS = ["all", "2xx", "4xx", "5xx", "none"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface HistoryFilter {
  q: string;
  status: StatusFilter;
}

const isStatusFilter = (value: string | null): value is StatusFilter => (STATUS_FILTERS as readonly (string | null)[]).includes(value);

export function filterFromSearch(search: string): HistoryFilter {
  const params = new URLSearchParams(search);
  const status = params.get("status");
  return { q: params.get("q") ?? "", status: isStatusFilter(status) ? status : "all" };
}

/** The query string of a filter, defaults left out; "" when nothing is filtered. */
export function searchOfFilter(filter: HistoryFilter): string {
  const params = new URLSearchParams();
  if (filter.q !== "") params.set("q", filter.q);
  if (filter.status !== "all") params.set("status", filter.status);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "2xx" … "5xx", or "none" for a request that got no answer. */
export function statusClass(exchange: Pick<Exchange, "response">): string {
  return exchange.response ? `${String(Math.floor(exchange.response.status / 100))}xx` : "none";
}

export const matchesStatus = (exchange: Pick<Exchange, "response">, filter: StatusFilter) => filter === "all" || statusClass(exchange) === filter;

const headerValue = (headers: Record<string, string>, name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? "";

/** Everything the text filter looks through, lower-cased once per request. */
export function searchableText(exchange: Exchange, operationTitle: string): string {
  const { request, response } = exchange;
  return [
    request.method,
    request.url,
    operationTitle,
    exchange.operationId ?? "",
    response ? `${String(response.status)} ${reasonPhrase(response.status, response.statusText)}` : `no answer ${exchange.error ?? ""}`,
    headerValue(request.headers, "x-request-id"),
    request.body ?? "",
    response?.body ?? "",
  ]
    .join("\n")
    .toLowerCase();
}

/** Every word of the query must occur somewhere (so "post 400" finds failed POSTs). */
export function matchesText(text: string, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => text.includes(word));
}
