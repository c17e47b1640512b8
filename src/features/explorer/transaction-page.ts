/**
 * Reading one page of the transaction list: what the sandbox answered (rows, Link header,
 * X-Total-Count), and where the page sits among all of them, for "page 2 of 5".
 */
import { SandboxTransaction } from "../../contract/sandbox";
import { z } from "../../contract/zod";
import type { Exchange } from "../../lib/exchange";
import { messageLine, tppMessagesOf } from "../../lib/tpp-messages";
import { parseLinkHeader, type PageLinks } from "./link-header";

/** The sandbox's default page size (spec 8); the query may say otherwise. */
export const DEFAULT_LIMIT = 200;

export type TransactionPage =
  | { ok: true; rows: SandboxTransaction[]; links: PageLinks; total: number | undefined; exchange: Exchange }
  | { ok: false; message: string; exchange: Exchange };

function header(exchange: Exchange, name: string): string | undefined {
  const headers = exchange.response?.headers ?? {};
  const found = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
  return found === undefined ? undefined : headers[found];
}

const messagesOf = (body: string) => tppMessagesOf(body).map(messageLine).join(" ");
const Rows = z.array(SandboxTransaction);

export function readTransactionPage(exchange: Exchange): TransactionPage {
  const response = exchange.response;
  if (!response) return { ok: false, message: exchange.error ?? "No answer.", exchange };
  if (response.status !== 200) return { ok: false, message: messagesOf(response.body) || `${String(response.status)} ${response.statusText}`, exchange };
  let rows: unknown;
  try {
    rows = JSON.parse(response.body);
  } catch {
    rows = undefined;
  }
  const parsed = Rows.safeParse(rows);
  if (!parsed.success) return { ok: false, message: `The answer is not a JSON array of transactions: ${parsed.error.issues[0]?.message ?? ""}`, exchange };
  const totalText = header(exchange, "X-Total-Count");
  const total = totalText !== undefined && /^\d+$/.test(totalText) ? Number(totalText) : undefined;
  return { ok: true, rows: parsed.data, links: parseLinkHeader(header(exchange, "Link")), total, exchange };
}

function whole(text: string | undefined, fallback: number, min: number): number {
  const value = Number(text);
  return text !== undefined && text !== "" && Number.isInteger(value) && value >= min ? value : fallback;
}

/** Page number, page count and the rows' positions, from the query sent and the total. */
export function pagePosition(query: Record<string, string | undefined>, total: number | undefined, rows: number) {
  const limit = whole(query.limit, DEFAULT_LIMIT, 1);
  const offset = whole(query.offset, 0, 0);
  const page = Math.floor(offset / limit) + 1;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / limit));
  return { page, pages, first: rows === 0 ? 0 : offset + 1, last: offset + rows, limit };
}
