/**
 * The OpenAPI document's page (docs/openapi.md): what a generator gets from /openapi.json, with the
 * document itself at hand. The header's "OpenAPI" leads here, not to the raw JSON in place of the app.
 */
import { PageTitle } from "../../components/page-title";
import { linkTarget } from "./doc-links";
import { openApiGuideUrl } from "./doc-sources";
import { titleOf } from "./markdown";
import { MarkdownView } from "./markdown-view";
import { DocumentState } from "./document-state";
import { useDocument } from "./use-document";

const DOCUMENT = "docs/openapi.md";
const TITLE = "The OpenAPI document";

export default function OpenApiPage() {
  const document = useDocument(openApiGuideUrl());
  const all = document.data ?? [];
  const blocks = all[0]?.kind === "heading" ? all.slice(1) : all;
  return (
    <article className="page doc">
      <PageTitle title={TITLE}>{titleOf(all) ?? TITLE}</PageTitle>
      <p className="button-row">
        <a className="button button-primary" href="/openapi.json" target="_blank" rel="noopener">
          Open /openapi.json in a new tab
        </a>
        <a className="button" href="/openapi.json" download="openapi.json">
          Download openapi.json
        </a>
      </p>
      <DocumentState document={document} />
      <MarkdownView blocks={blocks} linkTo={(href) => linkTarget(href, DOCUMENT)} />
    </article>
  );
}
