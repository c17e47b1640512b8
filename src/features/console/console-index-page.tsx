import { OperationList } from "../../components/operation-list";
import { PageTitle } from "../../components/page-title";

export default function ConsoleIndexPage() {
  return (
    <section className="page">
      <PageTitle title="Try it">Try an operation</PageTitle>
      <p className="lead">
        Every operation has a form built from its contract: fill it, send it signed to the in-browser sandbox, and see the exact request and the answer. Forms
        start from the sandbox's own data.
      </p>
      <OperationList hrefPrefix="/try" />
    </section>
  );
}
