/**
 * The Traffic view's list: pages of GET /__sandbox/requests, newest first, older ones added by their cursor. It is
 * read again whenever the sandbox reports new traffic (src/lib/live-sandbox.ts), and what arrived since the last
 * reading is handed back as `fresh` and in words (`news`) for the polite live region.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { TrafficSummary } from "../../contract/traffic";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";
import { freshRows, newsText } from "./traffic-words";

const EMPTY: readonly TrafficSummary[] = [];

interface News {
  text: string;
  fresh: ReadonlySet<string>;
}
const NO_NEWS: News = { text: "", fresh: new Set() };

interface Seen {
  key: string;
  rows: readonly TrafficSummary[];
  /** The newest id read: null after an empty reading, undefined before any (freshRows). */
  newest: string | null | undefined;
  news: News;
}

function nextSeen(seen: Seen, key: string, rows: readonly TrafficSummary[]): Seen {
  const newestBefore = seen.key === key ? seen.newest : undefined;
  const fresh = freshRows(rows, newestBefore);
  const first = rows[0]?.id;
  const newest = first !== undefined && (!newestBefore || first > newestBefore) ? first : (newestBefore ?? null);
  const news = fresh.length > 0 ? { text: newsText(fresh), fresh: new Set(fresh.map((row) => row.id)) } : seen.key === key ? seen.news : NO_NEWS;
  return { key, rows, newest, news };
}

export function useTraffic(query: Record<string, string>, enabled: boolean) {
  const pages = useInfiniteQuery({
    queryKey: sandboxKeys.trafficPages(query),
    queryFn: ({ pageParam }) => sandboxControl("sandboxRequests", { query: { ...query, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.requests) ?? EMPTY, [pages.data]);
  // What was read last under these filters: a new filter starts over, so its older rows are not news.
  const key = JSON.stringify(query);
  const [seen, setSeen] = useState<Seen>({ key: "", rows: EMPTY, newest: undefined, news: NO_NEWS });
  if (pages.data !== undefined && (seen.rows !== rows || seen.key !== key)) setSeen(nextSeen(seen, key, rows));
  return { pages, rows, news: seen.news };
}
