/**
 * RFC 8288 Link header of a transaction page (design, "Pagination"). The body is a bare array, so
 * first, prev, next and last go in the header. Next and prev carry a keyset cursor (after/before)
 * besides the offset, so following them never makes the store skip rows; "last" asks for the oldest
 * rows directly (before=end). A client-built URL with only an offset still works.
 */
import type { TransactionKey } from "../store/port";

/** The cursor of the "last" link: before every row, i.e. the oldest rows of the list. */
export const END_CURSOR = "end";
export const BEFORE_EVERY_ROW: TransactionKey = { bookingDate: "", seq: 0 };

export const encodeKey = (key: TransactionKey) => (key === BEFORE_EVERY_ROW ? END_CURSOR : `${key.bookingDate}.${String(key.seq)}`);

export function decodeKey(value: string): TransactionKey | undefined {
  if (value === END_CURSOR) return BEFORE_EVERY_ROW;
  const match = /^(\d{4}-\d{2}-\d{2})\.(\d{1,15})$/.exec(value);
  return match?.[1] && match[2] ? { bookingDate: match[1], seq: Number(match[2]) } : undefined;
}

export interface PageFacts {
  /** Address of the list without its query. */
  base: string;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  offset: number;
  limit: number;
  total: number;
  firstKey?: TransactionKey | undefined;
  lastKey?: TransactionKey | undefined;
  hasMore: boolean;
  hasPrevious: boolean;
}

function href(facts: PageFacts, offset: number, cursor?: ["after" | "before", TransactionKey]): string {
  const query = new URLSearchParams();
  if (facts.fromDate) query.set("fromDate", facts.fromDate);
  if (facts.toDate) query.set("toDate", facts.toDate);
  query.set("offset", String(offset));
  query.set("limit", String(facts.limit));
  if (cursor) query.set(cursor[0], encodeKey(cursor[1]));
  return `<${facts.base}?${query.toString()}>`;
}

export function linkHeader(facts: PageFacts): string {
  const { offset, limit, total } = facts;
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  const links = [`${href(facts, 0)}; rel="first"`];
  if (facts.hasPrevious && facts.firstKey) links.push(`${href(facts, Math.max(0, offset - limit), ["before", facts.firstKey])}; rel="prev"`);
  if (facts.hasMore && facts.lastKey) links.push(`${href(facts, offset + limit, ["after", facts.lastKey])}; rel="next"`);
  links.push(`${href(facts, lastOffset, total > 0 ? ["before", BEFORE_EVERY_ROW] : undefined)}; rel="last"`);
  return links.join(", ");
}
