import { Link } from "wouter";
import { PageTitle } from "../../components/page-title";
import { operations } from "../../contract/operations";
import { OperationList } from "../../components/operation-list";
import { ErrorCodesTable } from "./error-codes-table";
import { ReferenceSearch } from "./reference-search";

export default function ReferenceIndexPage() {
  return (
    <section className="page">
      <PageTitle title="API reference">API reference</PageTitle>
      <p className="lead">
        All {operations.length} operations of the payment-initiation and sandbox-data interface, generated from the same contract the sandbox validates with.
        The machine-readable form is <Link href="/openapi">the OpenAPI 3.1 document</Link>.
      </p>
      <ReferenceSearch />
      <OperationList />
      <ErrorCodesTable />
    </section>
  );
}
