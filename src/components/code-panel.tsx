/**
 * The code panel: the request (or the whole payment journey) as a script that signs at run time,
 * in bash, Node.js, Python, Java and Go, with the certificate and key files it reads beside it.
 * Loaded on demand by code-section.tsx; never part of the first screen.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { generators } from "../lib/code-export/languages";
import { JOURNEY_SLUG, slug, type CodeJourney, type CodeRequest, type Generator } from "../lib/code-export/request-model";
import { activeCredential } from "../lib/credentials";
import { downloadText, PEM } from "../lib/download";
import type { StoredCredential } from "../lib/portal-db";
import { useSettings } from "../lib/settings";
import { CodeBlock } from "./code-block";
import { PostmanDownload } from "./postman-download";
import { tabAfterKey } from "./tabs";

export interface CodeExample {
  request: CodeRequest;
  /** Offered when the request is a payment initiation. */
  journey?: CodeJourney | undefined;
  /** Something to do before running it, such as replacing a placeholder. */
  note?: string | undefined;
}

const KEY_FILE = "tpp-key.pem";
const CERT_FILE = "tpp-cert.pem";
/** The public test pair: static files (public/test-credentials/), so they cost the bundle nothing. */
const PUBLIC_PAIR = "/test-credentials/";

/** Tabs with arrow keys, Home and End (WAI-ARIA tabs pattern, selection follows focus). */
function LanguageTabs({ selected, onSelect, panelId }: { selected: Generator["id"]; onSelect: (id: Generator["id"]) => void; panelId: string }) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const move = (event: KeyboardEvent) => {
    const next = tabAfterKey(
      event.key,
      generators.findIndex((generator) => generator.id === selected),
      generators.length,
    );
    const target = next === undefined ? undefined : generators[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Language" onKeyDown={move}>
      {generators.map((generator) => (
        <button
          key={generator.id}
          type="button"
          role="tab"
          id={`${panelId}-${generator.id}`}
          aria-selected={generator.id === selected}
          aria-controls={panelId}
          tabIndex={generator.id === selected ? 0 : -1}
          ref={(element) => {
            if (element) refs.current.set(generator.id, element);
          }}
          onClick={() => {
            onSelect(generator.id);
          }}
        >
          {generator.label}
        </button>
      ))}
    </div>
  );
}

/** The files the script reads: the signing certificate's, or the public test pair. */
export function CredentialFiles({ heading: Heading = "h3" }: { heading?: "h2" | "h3" }) {
  const [credential, setCredential] = useState<StoredCredential>();
  useEffect(() => {
    activeCredential().then(setCredential, () => undefined);
  }, []);
  return (
    <section className="code-credentials" aria-label="Key and certificate files">
      <Heading>Key and certificate</Heading>
      <p>
        The script reads <code>{KEY_FILE}</code> and <code>{CERT_FILE}</code> from its folder (paths at its top).
      </p>
      {credential ? (
        <div className="form-actions">
          <button
            type="button"
            onClick={() => {
              downloadText(CERT_FILE, credential.certificatePem, PEM);
            }}
          >
            Download the certificate “{credential.label}” ({CERT_FILE})
          </button>
          <span className="muted">
            {
              {
                generated: "Its key was offered once, when you made the certificate in Settings (the portal cannot read it back): use the file you saved then.",
                automatic:
                  "The portal made this certificate for your first request and never offered its key: make one in Settings (its key is offered for download) or use the public test pair below.",
                imported: "Its key is the one you imported: it never leaves your machine, so use your own copy.",
              }[credential.source]
            }
          </span>
        </div>
      ) : null}
      <p>
        Or use the <strong>public sandbox test certificate</strong>: the same for everyone, published test data that no bank accepts (decision 0021).
      </p>
      <div className="form-actions">
        <a className="button" href={`${PUBLIC_PAIR}${CERT_FILE}`} download={CERT_FILE}>
          Download the public test certificate ({CERT_FILE})
        </a>
        <a className="button" href={`${PUBLIC_PAIR}${KEY_FILE}`} download={KEY_FILE}>
          Download its private key ({KEY_FILE})
        </a>
      </div>
    </section>
  );
}

/** `credentials: false` where the page offers the files already (the quick start, at its top). */
export function CodePanel({ example, credentials = true }: { example: CodeExample; credentials?: boolean }) {
  const [language, setLanguage] = useState<Generator["id"]>("bash");
  const [what, setWhat] = useState<"request" | "journey">("request");
  const panelId = useId();
  const settings = useSettings();
  const generator = generators.find((candidate) => candidate.id === language) ?? generators[0];
  if (!generator) return null;
  const journey = what === "journey" ? example.journey : undefined;
  const code = journey ? generator.journey(journey) : generator.request(example.request);
  const fileName = generator.fileName(journey ? JOURNEY_SLUG : slug(example.request.title));
  return (
    <div className="code-panel">
      {example.journey ? (
        <fieldset className="group">
          <legend>What the script does</legend>
          <label className="switch">
            <input
              type="radio"
              name={`${panelId}-what`}
              checked={what === "request"}
              onChange={() => {
                setWhat("request");
              }}
            />{" "}
            This request
          </label>
          <label className="switch">
            <input
              type="radio"
              name={`${panelId}-what`}
              checked={what === "journey"}
              onChange={() => {
                setWhat("journey");
              }}
            />{" "}
            The whole journey: create the payment, approve SCA, run the batch, read the status
          </label>
        </fieldset>
      ) : null}
      <LanguageTabs selected={generator.id} onSelect={setLanguage} panelId={panelId} />
      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${generator.id}`}>
        <p>
          Needs {generator.needs}. Save it as <code>{fileName}</code> beside <code>{KEY_FILE}</code> and <code>{CERT_FILE}</code>, then run{" "}
          <code>{generator.run(fileName)}</code>. It makes a fresh X-Request-ID, Date, Digest and Signature each time it runs, and prints the status and the
          body.
        </p>
        <p>
          Addressed to <code>{example.request.base}</code>
          {settings.sandbox.kind === "server"
            ? " (the sandbox chosen in Settings; set "
            : ", the server address of Settings: code outside this page cannot reach the browser's sandbox, so start a server with npx psd2-sandbox (or set "}
          <code>SANDBOX_URL</code> to run it elsewhere). It makes the customers and accounts it uses in that sandbox when it runs, and dates its requests that
          day: it needs nothing of the sandbox you used here.
        </p>
        {example.note ? <p className="notice">{example.note}</p> : null}
        <CodeBlock label={`${generator.label}: ${fileName}`} text={code} copyLabel="Copy code" />
        <p>
          <button
            type="button"
            onClick={() => {
              downloadText(fileName, code, "text/plain");
            }}
          >
            Download {fileName}
          </button>
        </p>
      </div>
      {credentials ? <CredentialFiles /> : null}
      <PostmanDownload />
    </div>
  );
}
