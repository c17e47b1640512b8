/**
 * The recorded requests, newest first: when, what, the answer's status, who sent it and what the signature doctor
 * found. Each row's link opens the request below the list (Tab and Enter; the address keeps it).
 */
import { Link } from "wouter";
import { formatOslo } from "../../contract/oslo-time";
import type { TrafficSummary } from "../../contract/traffic";
import { formatDuration } from "../../lib/http-status";
import { senderOf, statusClass, statusText } from "./traffic-words";

interface Props {
  rows: readonly TrafficSummary[];
  selectedId: string | undefined;
  fresh: ReadonlySet<string>;
  hrefOf: (id: string) => string;
}

/** "14:02:09" today, "2026-11-26 14:02:09" on another day (Oslo time, like the history). */
function when(at: string, today = formatOslo(Date.now()).slice(0, 10)): string {
  const full = formatOslo(at);
  return full.startsWith(`${today} `) ? full.slice(today.length + 1) : full;
}

export function TrafficList({ rows, selectedId, fresh, hrefOf }: Props) {
  return (
    <div className="traffic-list">
      <table>
        <caption className="visually-hidden">Requests the sandbox received, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Received (Oslo, real time)</th>
            <th scope="col">Request</th>
            <th scope="col">Status</th>
            <th scope="col" className="traffic-from">
              From
            </th>
            <th scope="col" className="traffic-duration">
              Duration
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const selected = row.id === selectedId;
            const time = when(row.at);
            return (
              <tr key={row.id} className={[selected ? "selected" : "", fresh.has(row.id) ? "fresh" : ""].join(" ").trim() || undefined}>
                <td>
                  <time dateTime={row.at}>{time}</time>
                </td>
                <th scope="row">
                  <Link href={hrefOf(row.id)} aria-current={selected ? "true" : undefined}>
                    <span className="traffic-method">{row.method}</span> {row.operation ?? row.path}
                    <span className="visually-hidden">, received {time}</span>
                  </Link>
                  {row.operation === null ? null : (
                    <code className="traffic-path">
                      {row.path}
                      {row.query === "" ? "" : `?${row.query}`}
                    </code>
                  )}
                  {row.diagnosisCodes.length > 0 ? (
                    <span className="traffic-codes">
                      Doctor:{" "}
                      {row.diagnosisCodes.map((code) => (
                        <code key={code}>{code}</code>
                      ))}
                    </span>
                  ) : null}
                  {row.scenario === null ? null : <span className="traffic-codes">Scenario {row.scenario}</span>}
                </th>
                <td>
                  <span className={`traffic-status traffic-status-${statusClass(row.status)}`}>{statusText(row.status)}</span>
                </td>
                <td className="traffic-from">{senderOf(row.tpp)}</td>
                <td className="traffic-duration">{formatDuration(row.ms)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
