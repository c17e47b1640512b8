/**
 * The "Code" section of the console and the reference pages: a button that loads the code panel
 * (its generators are a chunk of their own, never on the first screen) with the request of the
 * moment, and shows it.
 */
import { useState, type ComponentType } from "react";
import { Link } from "wouter";
import type { CodeExample } from "./code-panel";

type Loaded = { Panel: ComponentType<{ example: CodeExample }>; example: CodeExample } | { problem: string } | undefined;

export function CodeSection({ load, intro }: { load: () => Promise<CodeExample>; intro: string }) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [busy, setBusy] = useState(false);
  const show = () => {
    setBusy(true);
    Promise.all([import("./code-panel"), load()])
      .then(([module, example]) => {
        setLoaded({ Panel: module.CodePanel, example });
      })
      .catch((error: unknown) => {
        setLoaded({ problem: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        setBusy(false);
      });
  };
  const shown = loaded && "Panel" in loaded;
  return (
    <section className="code-section" aria-labelledby="code-section-title">
      <h2 id="code-section-title">Code</h2>
      <p className="muted">
        {intro} First time? The <Link href="/quick-start">back-end quick start</Link> goes from the certificate to a signed payment in five minutes.
      </p>
      <p>
        <button type="button" onClick={show} disabled={busy}>
          {busy ? "Preparing the code…" : shown ? "Update the code" : "Show code: bash, Node.js, Python, Java, Go"}
        </button>
      </p>
      {loaded && "problem" in loaded ? (
        <p role="alert" className="field-error">
          {loaded.problem}
        </p>
      ) : null}
      {shown ? <loaded.Panel example={loaded.example} /> : null}
    </section>
  );
}
