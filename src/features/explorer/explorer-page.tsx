/**
 * The sandbox explorer: what the chosen sandbox holds (customers, accounts, agreements,
 * transactions, payments), its clock and batch, and its data as a whole.
 */
import { Link, useParams } from "wouter";
import { PageTitle } from "../../components/page-title";
import { sandboxName, useSettings } from "../../lib/settings";
import { ClockPanel } from "./clock-panel";
import { ClockSummary } from "./clock-summary";
import { CustomersView } from "./customers-view";
import { DataView } from "./data-view";
import { IdentitiesView } from "./identities-view";
import { PaymentsView } from "./payments-view";
import { ScenariosView } from "./scenarios-view";
import { sectionOf, sections, type SectionId } from "./sections";
import { TransactionsView } from "./transactions-view";
import "./explorer.css";

function SectionView({ id }: { id: SectionId }) {
  switch (id) {
    case "accounts":
      return <CustomersView />;
    case "transactions":
      return <TransactionsView />;
    case "payments":
      return <PaymentsView />;
    case "clock":
      return <ClockPanel />;
    case "scenarios":
      return <ScenariosView />;
    case "identities":
      return <IdentitiesView />;
    case "data":
      return <DataView />;
  }
}

export default function ExplorerPage() {
  const { section } = useParams<{ section?: string }>();
  const current = sectionOf(section);
  const label = sections.find((candidate) => candidate.id === current)?.label;
  const { sandbox } = useSettings();
  return (
    <section className="page explorer">
      <PageTitle title={label ? `Sandbox: ${label}` : "Sandbox explorer"}>Sandbox explorer</PageTitle>
      <p className="lead">
        Everything the sandbox of {sandboxName(sandbox)} holds (<Link href="/settings#sandbox">choose another</Link>), kept up to date as it changes. Reads here
        are free; the transaction list and Initialize go through the signed interface and show in the history.
      </p>
      <ClockSummary />
      <nav className="explorer-nav" aria-label="Sandbox explorer">
        {sections.map((candidate) => (
          <Link key={candidate.id} href={`/sandbox/${candidate.id}`} aria-current={candidate.id === current ? "page" : undefined}>
            {candidate.label}
          </Link>
        ))}
      </nav>
      <div className="explorer-body">
        {current ? (
          <SectionView id={current} />
        ) : (
          <div role="alert" className="notice">
            <h2>No such view</h2>
            <p>
              There is no sandbox view called “{section}”. Choose one above, or start with <Link href="/sandbox/accounts">Customers &amp; accounts</Link>.
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
