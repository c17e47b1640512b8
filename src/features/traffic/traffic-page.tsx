/**
 * Traffic: every request the chosen sandbox received, from every client (this portal, curl, a TPP's back end),
 * newest first and live, filterable, each opening whole with the signature doctor's findings (issue 26 point 4,
 * decision 0062). The history is what this portal sent; this is what the sandbox received.
 */
import { useCallback, useMemo, useState } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { PageTitle } from "../../components/page-title";
import { Tabs } from "../../components/tabs";
import type { TrafficSummary } from "../../contract/traffic";
import { useSettings } from "../../lib/settings";
import { countOf } from "../../lib/words";
import { ClientReportPanel } from "./client-report";
import { TrafficDetail } from "./traffic-detail";
import { TrafficEmpty } from "./traffic-empty";
import { emptyWindow, filterFromSearch, isFiltered, NO_FILTER, queryOfFilter, searchOfFilter, type TrafficFilter } from "./traffic-filter";
import { TrafficFilters } from "./traffic-filters";
import { TrafficList } from "./traffic-list";
import { tppName } from "./traffic-words";
import { useTraffic } from "./use-traffic";
import "./traffic.css";

export default function TrafficPage() {
  const { id } = useParams<{ id?: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { sandbox } = useSettings();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const suffix = searchOfFilter(filter);
  const query = useMemo(() => queryOfFilter(filter), [filter]);
  const { pages, rows, news } = useTraffic(query, emptyWindow(filter) === undefined);
  // The TPPs seen while the view is open, for the TPP filter (a filtered list shows only one).
  const [tpps, setTpps] = useState<{ of: readonly TrafficSummary[]; names: ReadonlyMap<string, string> }>({ of: [], names: new Map() });
  if (tpps.of !== rows) {
    const unseen = rows.flatMap((row) => (row.tpp && !tpps.names.has(row.tpp.certificateSha256) ? [row.tpp] : []));
    setTpps({
      of: rows,
      names: unseen.length === 0 ? tpps.names : new Map([...tpps.names, ...unseen.map((tpp) => [tpp.certificateSha256, tppName(tpp)] as const)]),
    });
  }

  const [tab, setTab] = useState<"requests" | "report">("requests");
  // The request the address opened with is not focused; one chosen later is, so the keyboard lands on it.
  const [openedWith] = useState(id);
  const reportQuery = useMemo(
    () => ({ ...(query.tpp === undefined ? {} : { tpp: query.tpp }), ...(query.since === undefined ? {} : { since: query.since }) }),
    [query],
  );

  const setFilter = (next: TrafficFilter) => {
    navigate(`${id === undefined ? "/traffic" : `/traffic/${encodeURIComponent(id)}`}${searchOfFilter(next)}`, { replace: true });
  };
  const hrefOf = useCallback((recordId: string) => `/traffic/${encodeURIComponent(recordId)}${suffix}`, [suffix]);
  const where = sandbox.kind === "browser" ? "this browser’s sandbox" : `the server at ${sandbox.url}`;

  return (
    <section className="page traffic-page">
      <PageTitle title="Traffic">Traffic</PageTitle>
      <p className="lead">
        Every request {where} received, from every client: this portal, curl, your back end. Newest first, live: a new request shows here as it is answered.
        Choose one to see it as the sandbox saw it, with what the signature doctor found.
      </p>
      <p className="traffic-versus">
        <strong>History</strong> keeps what this portal sent; <strong>Traffic</strong> is what the sandbox received. A request your back end sends shows only
        here. <Link href="/history">Open the history</Link>
      </p>
      <TrafficFilters filter={filter} onChange={setFilter} tpps={tpps.names} />
      <Tabs
        label="Traffic"
        idPrefix="traffic"
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: "requests",
            label: "Requests",
            panel: (
              <>
                <p className="traffic-count muted">
                  {pages.isPending ? "Reading the traffic…" : `${countOf(rows.length, "request")} shown${pages.hasNextPage ? ", older ones below" : ""}.`}
                </p>
                <div role="status" aria-live="polite" className="traffic-news">
                  {news.text}
                </div>
                {pages.error ? (
                  <p role="alert" className="panel panel-error">
                    The traffic could not be read: {pages.error.message}
                  </p>
                ) : null}
                {rows.length > 0 ? <TrafficList rows={rows} selectedId={id} fresh={news.fresh} hrefOf={hrefOf} /> : null}
                {!pages.isPending && !pages.error && rows.length === 0 ? (
                  isFiltered(filter) ? (
                    <p>
                      No request matches these filters.{" "}
                      <button
                        type="button"
                        className="button-small"
                        onClick={() => {
                          setFilter({ ...NO_FILTER, controlReads: "include" });
                        }}
                      >
                        Show every request
                      </button>
                    </p>
                  ) : (
                    <>
                      <TrafficEmpty sandbox={sandbox} />
                      {filter.controlReads === "" ? (
                        <p className="muted">
                          The sandbox controls’ reads, this portal’s own among them, are left out.{" "}
                          <button
                            type="button"
                            className="button-small"
                            onClick={() => {
                              setFilter({ ...filter, controlReads: "include" });
                            }}
                          >
                            Show them
                          </button>
                        </p>
                      ) : null}
                    </>
                  )
                ) : null}
                {pages.hasNextPage ? (
                  <p>
                    <button
                      type="button"
                      disabled={pages.isFetchingNextPage}
                      onClick={() => {
                        void pages.fetchNextPage();
                      }}
                    >
                      {pages.isFetchingNextPage ? "Loading older requests…" : "Load older requests"}
                    </button>
                  </p>
                ) : null}
              </>
            ),
          },
          {
            id: "report",
            label: "Client report",
            panel: <ClientReportPanel query={reportQuery} shown={tab === "report"} hrefOf={hrefOf} />,
          },
        ]}
      />
      {id === undefined ? (
        rows.length > 0 ? (
          <p className="muted">Choose a request above to see it whole.</p>
        ) : null
      ) : (
        <TrafficDetail
          key={id}
          id={id}
          focusOnOpen={id !== openedWith}
          onOnlyTpp={(sha256) => {
            setFilter({ ...filter, tpp: sha256 });
          }}
        />
      )}
    </section>
  );
}
