import { Link } from "wouter";
import { PageTitle } from "../../components/page-title";
import { OperationList } from "../../components/operation-list";

export default function OverviewPage() {
  return (
    <section className="page">
      <PageTitle title="Overview">Norwegian PSD2 payment initiation, in your browser</PageTitle>
      <p className="lead">
        Learn the bank's payment-initiation interface, sign requests correctly, and test them against a sandbox that keeps its state, all
        offline on this page. Start with the <Link href="/reference">API reference</Link>: every operation with its headers, fields, limits
        and error codes.
      </p>
      <OperationList />
    </section>
  );
}
