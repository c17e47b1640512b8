/**
 * Search over operations, fields, parameters and error codes. The index is built on first use
 * (focus or typing), with the OpenAPI document's schemas, so the reference's first paint does not
 * wait for it. The count of results is announced as it changes.
 */
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { operations } from "../../contract/operations";
import { loadOpenApi, parametersOf } from "../../lib/openapi-document";
import type { SearchEntry } from "./search-index";

const SHOWN = 25;

type IndexState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "ready"; entries: SearchEntry[]; search: (query: string) => SearchEntry[] }
  | { kind: "failed"; problem: string };

async function makeIndex() {
  const [module, document] = await Promise.all([import("./search-index"), loadOpenApi()]);
  const entries = module.buildSearchIndex({
    operations,
    components: document.components.schemas,
    parametersOf: (operation) => parametersOf(operation.method, operation.path),
  });
  return { entries, search: (query: string) => module.searchEntries(entries, query) };
}

function summary(state: IndexState, query: string, found: number): string {
  if (query.trim() === "") return "";
  if (state.kind === "loading" || state.kind === "idle") return "Preparing the search…";
  if (state.kind === "failed") return `The search could not be prepared: ${state.problem}`;
  if (found === 0) return `No results for “${query.trim()}”.`;
  const shown = found > SHOWN ? `; the first ${String(SHOWN)} are shown` : "";
  return `${String(found)} result${found === 1 ? "" : "s"} for “${query.trim()}”${shown}.`;
}

function ResultText({ result }: { result: SearchEntry }) {
  return (
    <>
      <span className="search-label">{result.label}</span> <span className="tag">{result.kind}</span> <span className="search-detail">{result.detail}</span>
    </>
  );
}

export function ReferenceSearch() {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const [state, setState] = useState<IndexState>({ kind: "idle" });
  const started = useRef(false);
  const prepare = () => {
    if (started.current) return;
    started.current = true;
    setState({ kind: "loading" });
    makeIndex().then(
      (ready) => {
        setState({ kind: "ready", ...ready });
      },
      (error: unknown) => {
        started.current = false; // the next focus tries again
        setState({ kind: "failed", problem: error instanceof Error ? error.message : String(error) });
      },
    );
  };
  const input = useRef<HTMLInputElement>(null);
  // The header's "Search" link (/reference?search) leads here: the box takes the focus, after the shell has moved it to the page.
  const address = useSearch();
  useEffect(() => {
    if (!new URLSearchParams(address).has("search")) return;
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [address]);
  const results = state.kind === "ready" ? state.search(deferred) : [];
  return (
    <section className="reference-search" aria-labelledby="search-title">
      <h2 id="search-title">Search</h2>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="reference-search-input">Operations, fields, headers and error codes</label>
        <input
          id="reference-search-input"
          ref={input}
          type="search"
          value={query}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="reference-search-summary"
          placeholder="creditorAccount, PSU-ID, KID_INVALID, 409…"
          onFocus={prepare}
          onChange={(event) => {
            prepare();
            setQuery(event.target.value);
          }}
        />
      </form>
      <p id="reference-search-summary" role="status" className="muted">
        {summary(state, deferred, results.length)}
      </p>
      {results.length > 0 ? (
        <ul className="search-results" aria-label="Search results">
          {results.slice(0, SHOWN).map((result) => (
            <li key={`${result.kind} ${result.href}`}>
              {/* The whole entry is the link, so its name says which of several "iban" fields it leads to. */}
              {result.href.startsWith("/reference#") ? (
                <a href={result.href.slice("/reference".length)}>
                  <ResultText result={result} />
                </a>
              ) : (
                <Link href={result.href}>
                  <ResultText result={result} />
                </Link>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
