/**
 * The request history: every request sent from the portal, kept in this browser across reloads.
 * Find one (text and status filters, kept in the address), inspect it, replay it, copy it as curl.
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { PageTitle } from "../../components/page-title";
import type { Exchange } from "../../lib/exchange";
import { listHistory } from "../../lib/history";
import { portalKeys } from "../../lib/query-keys";
import { countOf } from "../../lib/words";
import { ClearHistory } from "./clear-history";
import { reasonPhrase } from "../../lib/http-status";
import { HistoryDetail } from "./history-detail";
import { HistoryExport } from "./history-export";
import { HistoryFilters } from "./history-filters";
import { filterRows, historyRows } from "./history-rows";
import { HistoryTable } from "./history-table";
import { filterFromSearch, searchOfFilter, type HistoryFilter } from "./search";
import "./history.css";

const plural = (count: number) => countOf(count, "request");

export default function HistoryPage() {
  const { exchangeId } = useParams<{ exchangeId?: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const suffix = searchOfFilter(filter);
  const history = useQuery({ queryKey: portalKeys.history(), queryFn: listHistory });
  const rows = useMemo(() => historyRows(history.data ?? []), [history.data]);
  // Typing stays quick over 500 requests: the list follows a moment behind the search box.
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(() => filterRows(rows, deferredFilter), [rows, deferredFilter]);
  const selected = exchangeId ? rows.find((row) => row.exchange.id === exchangeId) : undefined;
  const [notice, setNotice] = useState<{ id: string | undefined; text: string }>();
  const listRef = useRef<HTMLDivElement>(null);

  const setFilter = (next: HistoryFilter) => {
    navigate(`${exchangeId ? `/history/${encodeURIComponent(exchangeId)}` : "/history"}${searchOfFilter(next)}`, { replace: true });
  };
  const hrefOf = useCallback((id: string) => `/history/${encodeURIComponent(id)}${suffix}`, [suffix]);
  const onSelect = useCallback(
    (id: string, replace: boolean) => {
      navigate(hrefOf(id), { replace });
    },
    [navigate, hrefOf],
  );
  const onReplayed = (sent: Exchange) => {
    const answer = sent.response ? `answered ${String(sent.response.status)} ${reasonPhrase(sent.response.status, sent.response.statusText)}` : "got no answer";
    setNotice({ id: sent.id, text: `Replayed as a new request, which ${answer}. It is first in the list.` });
    navigate(hrefOf(sent.id));
  };
  const onCleared = () => {
    setNotice({ id: undefined, text: "The history is cleared." });
    navigate(`/history${suffix}`);
    listRef.current?.focus();
  };
  const filtered = filter.q !== "" || filter.status !== "all";

  const empty = history.error ? null : rows.length === 0 ? (
    <p>
      No requests yet. Send one from <Link href="/try">Try it</Link>; every request the portal sends is kept here.
    </p>
  ) : (
    <p>
      No request matches this search.{" "}
      <button
        type="button"
        className="button-small"
        onClick={() => {
          setFilter({ q: "", status: "all" });
        }}
      >
        Show all {plural(rows.length)}
      </button>
    </p>
  );

  return (
    <section className="page history-page">
      <PageTitle title="History">Request history</PageTitle>
      <p className="lead">
        Every request sent from this portal, newest first, kept in this browser across reloads (the newest 500). Choose one to see exactly what was sent and
        answered, replay it, or copy it as curl; or export them as a Playwright test or a Postman collection.
      </p>
      <div className="history-toolbar">
        <HistoryFilters filter={filter} onChange={setFilter} />
        <ClearHistory count={rows.length} onCleared={onCleared} />
      </div>
      <p className="history-count muted" aria-live="polite">
        {history.isPending ? "Loading the history…" : filtered ? `${String(shown.length)} of ${plural(rows.length)} match.` : `${plural(rows.length)}.`}
      </p>
      {history.error ? (
        <p role="alert" className="panel panel-error">
          The history could not be read from this browser's storage: {history.error.message}
        </p>
      ) : null}
      <HistoryTable rows={shown} loading={history.isPending} selectedId={exchangeId} hrefOf={hrefOf} onSelect={onSelect} empty={empty} listRef={listRef} />
      <div role="status" className="history-notice">
        {notice && notice.id === exchangeId ? <p className="panel panel-ok">{notice.text}</p> : null}
      </div>
      {rows.length > 0 ? <HistoryExport exchanges={shown.map((row) => row.exchange)} /> : null}
      {selected ? (
        <HistoryDetail key={selected.exchange.id} row={selected} onReplayed={onReplayed} />
      ) : (
        <p className="history-placeholder muted">
          {exchangeId && !history.isPending
            ? "No request with this id in the history: it was cleared, or pushed out by newer ones (the history keeps the newest 500)."
            : "Choose a request above to inspect it, replay it or copy it as curl."}
        </p>
      )}
    </section>
  );
}
