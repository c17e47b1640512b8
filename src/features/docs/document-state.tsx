import type { useDocument } from "./use-document";

/** A guide's loading and its failure, said where its text will be. */
export function DocumentState({ document }: { document: ReturnType<typeof useDocument> }) {
  if (document.isError)
    return (
      <p role="alert" className="panel panel-error">
        {document.error.message}
      </p>
    );
  return document.isPending ? (
    <p className="muted" aria-busy="true">
      Loading the guide…
    </p>
  ) : null;
}
