/**
 * The back-end quick start (docs/back-end-quick-start.md) with what it asks for at hand: the
 * certificate and key downloads at its top, and a signed payment's code in each language below.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { CodePanel, CredentialFiles, type CodeExample } from "../../components/code-panel";
import { PageTitle } from "../../components/page-title";
import { operationById } from "../../contract/operations";
import { loadCodeExample } from "../../lib/code-export/code-example";
import { linkTarget } from "./doc-links";
import { quickStartUrl } from "./doc-sources";
import { titleOf, type Block } from "./markdown";
import { MarkdownView } from "./markdown-view";
import { DocumentState } from "./document-state";
import { useDocument } from "./use-document";

const DOCUMENT = "docs/back-end-quick-start.md";
const TITLE = "Back-end quick start";
/** The document's last section, which the code goes before. */
const KEPT_TRUE = "How this is kept true";

/** The example payment of the console as code, loaded when the page opens (from the chosen sandbox's data). */
function PaymentCode() {
  const queryClient = useQueryClient();
  const [example, setExample] = useState<CodeExample | { problem: string }>();
  useEffect(() => {
    let current = true;
    loadCodeExample(queryClient, operationById("createPayment")).then(
      (loaded) => {
        if (current) setExample(loaded);
      },
      (error: unknown) => {
        if (current) setExample({ problem: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [queryClient]);
  return (
    <section aria-labelledby="quick-start-code">
      <h2 id="quick-start-code">A signed payment, in your language</h2>
      <p className="muted">
        The console's example payment (<Link href="/try/createPayment">Create NDCT payment</Link>), addressed to the sandbox server of{" "}
        <Link href="/settings#sandbox">Settings</Link>. Pick a language; choose “The whole journey” to approve SCA, run the batch and read the final status too.
      </p>
      {example === undefined ? (
        <p className="muted" aria-busy="true">
          Preparing the code…
        </p>
      ) : "problem" in example ? (
        <p role="alert" className="field-error">
          The code could not be prepared: {example.problem}
        </p>
      ) : (
        <CodePanel example={example} credentials={false} />
      )}
    </section>
  );
}

/** Where a section whose heading is `text` starts, or the end. */
const sectionAt = (blocks: Block[], text: string) => {
  const index = blocks.findIndex((block) => block.kind === "heading" && titleOf([block]) === text);
  return index < 0 ? blocks.length : index;
};

export default function QuickStartPage() {
  const document = useDocument(quickStartUrl());
  const all = document.data ?? [];
  const blocks = all[0]?.kind === "heading" ? all.slice(1) : all;
  // The introduction, then the files to download, the steps, the code, and how the page is kept true.
  const steps = blocks.findIndex((block) => block.kind === "heading");
  const intro = steps < 0 ? blocks : blocks.slice(0, steps);
  const body = steps < 0 ? [] : blocks.slice(steps);
  const after = sectionAt(body, KEPT_TRUE);
  const linkTo = (href: string) => linkTarget(href, DOCUMENT);
  return (
    <article className="page doc">
      <PageTitle title={TITLE}>{titleOf(all) ?? TITLE}</PageTitle>
      <DocumentState document={document} />
      <MarkdownView blocks={intro} linkTo={linkTo} />
      <p className="notice">
        New to the interface? <Link href="/first-payment">Make your first payment in the portal</Link>: five guided steps, from an account to both transactions,
        before you write any code.
      </p>
      <CredentialFiles heading="h2" />
      <MarkdownView blocks={body.slice(0, after)} linkTo={linkTo} />
      <PaymentCode />
      <MarkdownView blocks={body.slice(after)} linkTo={linkTo} />
    </article>
  );
}
