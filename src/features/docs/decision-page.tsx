/**
 * A decision record of docs/decisions/ (`/decisions/<record>`), or their list (`/decisions`): the
 * pages every "this sandbox's choice" label links to.
 */
import { Link, useParams } from "wouter";
import { PageTitle } from "../../components/page-title";
import { linkTarget } from "./doc-links";
import { decisionUrl } from "./doc-sources";
import { titleOf } from "./markdown";
import { MarkdownView } from "./markdown-view";
import { useDocument } from "./use-document";

export default function DecisionPage() {
  const { decision } = useParams<{ decision?: string }>();
  const name = decision ?? "README";
  const url = decisionUrl(name);
  const document = useDocument(url);
  const breadcrumb = (
    <p className="breadcrumb">
      <Link href="/decisions">Decisions</Link>
    </p>
  );
  if (url === undefined)
    return (
      <section className="page">
        {breadcrumb}
        <PageTitle title="Unknown decision">Unknown decision</PageTitle>
        <p>
          There is no decision record called <code>{name}</code>. See the <Link href="/decisions">list of decisions</Link>.
        </p>
      </section>
    );
  if (document.isError)
    return (
      <section className="page">
        {breadcrumb}
        <PageTitle title="Decision">Decision {name}</PageTitle>
        <p role="alert" className="panel panel-error">
          {document.error.message}
        </p>
      </section>
    );
  if (!document.data) return <p className="loading">Loading…</p>;
  const [first, ...rest] = document.data;
  const title = titleOf(document.data) ?? name;
  return (
    <article className="page doc">
      {decision === undefined ? null : breadcrumb}
      <PageTitle title={title}>{title}</PageTitle>
      <MarkdownView blocks={first?.kind === "heading" ? rest : document.data} linkTo={(href) => linkTarget(href, `docs/decisions/${name}.md`)} />
      <p className="muted">
        The file is <code>docs/decisions/{name}.md</code> in the repository.
      </p>
    </article>
  );
}
