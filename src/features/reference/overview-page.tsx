import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { PageTitle } from "../../components/page-title";

// The list needs the contract; the words above it do not, so they paint at once and the list follows.
const OperationList = lazy(() => import("../../components/operation-list").then((module) => ({ default: module.OperationList })));

export default function OverviewPage() {
  return (
    <section className="page">
      <PageTitle title="Overview">Norwegian PSD2 payment initiation, in your browser</PageTitle>
      <p className="lead">
        Learn the bank's payment-initiation interface, sign requests correctly, and test them against a sandbox that keeps its state, all offline on this page.
        New here? <Link href="/first-payment">Make your first payment</Link>, guided in five steps. Then go on with the{" "}
        <Link href="/reference">API reference</Link>: every operation with its headers, fields, limits and error codes.{" "}
        <Link href="/try">Try an operation</Link> to send it, signed, to the sandbox in this page. To call the sandbox from your own back end, the{" "}
        <Link href="/quick-start">back-end quick start</Link> takes you from a certificate to a signed payment in bash, Node.js, Python, Java or Go.
      </p>
      <Suspense fallback={<div className="operation-groups-placeholder" aria-busy="true" />}>
        <OperationList />
      </Suspense>
    </section>
  );
}
