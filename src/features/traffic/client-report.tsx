/**
 * The client report (GET /__sandbox/report, issue 26 point 6) as a checklist: each check passed, failed or not met
 * yet, its rule's source, what it found, and links to the requests it rests on, which open in the Traffic view. It
 * follows the view's TPP and From filters, and is read again when new traffic arrives while it is shown.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import type { ReportCheck } from "../../contract/traffic";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";
import { arrivalOf, basisText, tally } from "./report-words";

const STATUS_WORDS: Record<ReportCheck["status"], string> = { pass: "Pass", fail: "Fail", untested: "Untested" };
const EVIDENCE_SHOWN = 8;

function Evidence({ ids, hrefOf }: { ids: readonly string[]; hrefOf: (id: string) => string }) {
  if (ids.length === 0) return null;
  return (
    <p className="report-evidence">
      Evidence:{" "}
      {ids.slice(0, EVIDENCE_SHOWN).map((id, index) => (
        <span key={id}>
          {index > 0 ? ", " : null}
          <Link href={hrefOf(id)}>request at {arrivalOf(id) ?? id}</Link>
        </span>
      ))}
      {ids.length > EVIDENCE_SHOWN ? ` and ${String(ids.length - EVIDENCE_SHOWN)} more` : null}
    </p>
  );
}

interface Props {
  query: { tpp?: string; since?: string };
  /** Whether the panel is shown: the report is built only then (it reads up to 10,000 records). */
  shown: boolean;
  hrefOf: (id: string) => string;
}

export function ClientReportPanel({ query, shown, hrefOf }: Props) {
  const report = useQuery({
    queryKey: [...sandboxKeys.traffic(), "report", query],
    queryFn: () => sandboxControl("sandboxReport", { query }),
    enabled: shown,
  });
  return (
    <section aria-labelledby="client-report-title" className="client-report">
      <h2 id="client-report-title">Client report</h2>
      <p className="muted">
        How the traffic {query.tpp === undefined ? "of every client" : "of the TPP chosen in the filters"} holds up against the spec and this sandbox&apos;s
        advice{query.since === undefined ? "" : ", from the From time on"}: each check passed, failed (with the requests that show it) or not met yet. The
        terminal&apos;s <code>psd2-sandbox report</code> prints the same and exits non-zero on a failure, for a CI.
      </p>
      {report.error ? (
        <p role="alert" className="panel panel-error">
          The report could not be built: {report.error.message}
        </p>
      ) : report.data === undefined ? (
        // Read only while its tab is shown: a hidden tab's report is not being built, so it says nothing is under way.
        shown ? (
          <p className="loading">Building the report…</p>
        ) : null
      ) : (
        <>
          <p>
            <strong>{tally(report.data.checks)}.</strong> {basisText(report.data)}
          </p>
          <ul className="report-checks">
            {report.data.checks.map((check) => (
              <li key={check.id} className={`report-check report-${check.status}`}>
                <h3>
                  <span className={`report-status report-status-${check.status}`}>{STATUS_WORDS[check.status]}</span> {check.title}
                </h3>
                <p className="muted">
                  Rule: {check.source} · <code>{check.id}</code>
                </p>
                <p>{check.detail}</p>
                <Evidence ids={check.evidence} hrefOf={hrefOf} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
