/**
 * The list of sent requests, newest first. A row is chosen with the mouse anywhere on it, or from
 * the keyboard on its link (Tab, Enter); the arrow keys, Home and End move between rows.
 */
import { memo, useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from "react";
import { Link } from "wouter";
import { MethodBadge } from "../../components/method-badge";
import type { HttpMethod } from "../../contract/operations";
import { formatDuration } from "../../lib/http-status";
import { formatSentAt, osloToday } from "./format";
import type { HistoryRow } from "./history-rows";
import { StatusTag } from "./status-tag";

/** A path that wraps after its slashes rather than inside an id. */
const breakable = (path: string) =>
  path.split("/").map((part, index) =>
    index === 0 ? (
      part
    ) : (
      <span key={index}>
        <wbr />/{part}
      </span>
    ),
  );

const METHODS: readonly string[] = ["GET", "POST", "PUT", "DELETE"];
const SKELETON_ROWS = 6;

interface RowProps {
  row: HistoryRow;
  href: string;
  selected: boolean;
  /** Today's date in Oslo: a row names the day only for requests of other days. */
  today: string;
  onSelect: (id: string, replace: boolean) => void;
}

const Row = memo(function Row({ row, href, selected, today, onSelect }: RowProps) {
  const { exchange } = row;
  const when = formatSentAt(exchange.sentAt, today);
  const onClick = (event: MouseEvent) => {
    // The link navigates by itself; a drag that selected text is not a choice.
    if ((event.target as HTMLElement).closest("a") || getSelection()?.toString()) return;
    onSelect(exchange.id, false);
  };
  return (
    <tr className={selected ? "selected" : undefined} onClick={onClick} data-id={exchange.id}>
      <td>
        <time dateTime={new Date(exchange.sentAt).toISOString()} title={`Oslo time; on this device ${new Date(exchange.sentAt).toLocaleString()}`}>
          {when}
        </time>
      </td>
      <td>
        {METHODS.includes(exchange.request.method) ? <MethodBadge method={exchange.request.method as HttpMethod} /> : <code>{exchange.request.method}</code>}
      </td>
      <th scope="row">
        <Link href={href} aria-current={selected ? "true" : undefined} data-row-link="">
          {row.title}
          {/* On a phone, where the method, path and duration columns are left out. */}
          <span className="history-where">
            {exchange.request.method} {row.sandbox} {row.path}
          </span>
          <span className="visually-hidden">
            , sent {when} to {row.sandbox === "this browser" ? "this browser's sandbox" : row.sandbox}
          </span>
        </Link>
      </th>
      <td>
        <span className="history-sandbox">{row.sandbox}</span>
        <code className="history-path">{breakable(row.path)}</code>
      </td>
      <td>
        <StatusTag exchange={exchange} />
      </td>
      <td className="history-duration">{exchange.response ? formatDuration(exchange.response.durationMs) : "–"}</td>
    </tr>
  );
});

function moveFocus(event: KeyboardEvent<HTMLTableSectionElement>, onSelect: RowProps["onSelect"]) {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[data-row-link]")];
  const index = links.indexOf(event.target as HTMLAnchorElement);
  if (index < 0) return;
  const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: links.length - 1 }[event.key];
  const link = next === undefined ? undefined : links[next];
  if (!link) return;
  event.preventDefault();
  link.focus();
  const id = link.closest("tr")?.dataset.id;
  if (id) onSelect(id, true);
}

interface TableProps {
  rows: readonly HistoryRow[];
  loading: boolean;
  selectedId: string | undefined;
  hrefOf: (id: string) => string;
  onSelect: RowProps["onSelect"];
  empty: ReactNode;
  listRef: RefObject<HTMLDivElement | null>;
}

export function HistoryTable({ rows, loading, selectedId, hrefOf, onSelect, empty, listRef }: TableProps) {
  const today = osloToday();
  const tbodyRef = useRef<HTMLTableSectionElement>(null);
  // Keep the chosen row in view inside the list, without scrolling the page.
  useEffect(() => {
    const list = listRef.current;
    const row = selectedId ? tbodyRef.current?.querySelector<HTMLElement>(`tr[data-id="${CSS.escape(selectedId)}"]`) : null;
    if (!list || !row) return;
    const head = list.querySelector("thead")?.offsetHeight ?? 0;
    if (row.offsetTop - head < list.scrollTop) list.scrollTop = row.offsetTop - head;
    else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight;
  }, [selectedId, rows, listRef]);
  return (
    <div className="history-list" ref={listRef} tabIndex={-1}>
      <table>
        <caption className="visually-hidden">Sent requests, newest first</caption>
        <colgroup>
          <col className="col-time" />
          <col className="col-method" />
          <col className="col-operation" />
          <col />
          <col className="col-status" />
          <col className="col-duration" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Sent (Oslo, real time)</th>
            <th scope="col">Method</th>
            <th scope="col">Operation</th>
            <th scope="col">Sandbox and path</th>
            <th scope="col">Status</th>
            <th scope="col" className="history-duration">
              Duration
            </th>
          </tr>
        </thead>
        <tbody
          ref={tbodyRef}
          onKeyDown={(event) => {
            moveFocus(event, onSelect);
          }}
          aria-busy={loading || undefined}
        >
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={index} className="skeleton" aria-hidden="true">
                  <td colSpan={6}>
                    <span />
                  </td>
                </tr>
              ))
            : rows.map((row) => (
                <Row
                  key={row.exchange.id}
                  row={row}
                  href={hrefOf(row.exchange.id)}
                  selected={row.exchange.id === selectedId}
                  today={today}
                  onSelect={onSelect}
                />
              ))}
        </tbody>
      </table>
      {!loading && rows.length === 0 ? <div className="history-empty">{empty}</div> : null}
    </div>
  );
}
