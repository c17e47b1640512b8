/**
 * The request inspector: the exact request (every header, the body), how it was signed (Digest,
 * signing string, Signature parts, certificate), and the answer. Headers a browser may not send
 * are shown and marked; a signature the sandbox refused is shown beside what the sandbox rebuilt.
 */
import { ScrollBox } from "./scroll-box";
import { appliedScenarioOf } from "../contract/scenarios";
import { useState } from "react";
import type { Exchange, SigningDetails, WireRequest, WireResponse } from "../lib/exchange";
import { Link } from "wouter";
import { getSettings } from "../lib/settings";
import { CodeBlock } from "./code-block";
import { CopyButton } from "./copy-button";
import { SignatureDiagnosis } from "./signature-diagnosis";
import { rebuiltSigningString, signatureParts } from "./signature-parts";
import { SigningCompare } from "./signing-compare";

export interface InspectorProps {
  request: WireRequest;
  unsentHeaders: Record<string, string>;
  signing?: SigningDetails | undefined;
  response?: WireResponse | undefined;
  error?: string | undefined;
  /** What was changed after signing on purpose, if anything. */
  tampered?: string | undefined;
  /** Builds the curl command a TPP's server would run (signed anew, Date included). */
  curl?: (() => Promise<string>) | undefined;
  title?: string;
  /** The answer too (the history); the console shows it in a tab of its own (ResponseView). */
  withResponse?: boolean;
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Headers as a table: those signed tagged, those a browser may not send shown apart (the inspector, the Traffic view). */
export function HeadersTable({
  headers,
  unsent,
  signed,
  caption,
}: {
  headers: Record<string, string>;
  unsent: Record<string, string>;
  signed: string[];
  caption: string;
}) {
  const rows = [
    ...Object.entries(headers).map(([name, value]) => ({ name, value, sent: true })),
    ...Object.entries(unsent).map(([name, value]) => ({ name, value, sent: false })),
  ];
  return (
    <ScrollBox label={caption}>
      <table className="headers-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Header</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className={row.sent ? undefined : "unsent"}>
              <th scope="row">
                <code>{row.name}</code>
                {signed.includes(row.name.toLowerCase()) ? <span className="tag">signed</span> : null}
                {row.sent ? null : (
                  <span className="tag tag-warning" title="A browser may not set this header; a TPP's server sends it">
                    not sent by browsers
                  </span>
                )}
              </th>
              <td>
                <code className="wrap">{row.value}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** A Signature header's parameters (keyId, algorithm, headers, signature) as terms of a description list. */
export function SignatureParts({ header }: { header: string }) {
  return signatureParts(header).map(([name, value]) => (
    <div key={name}>
      <dt>{name}</dt>
      <dd>
        <code className="wrap">{value}</code>
      </dd>
    </div>
  ));
}

/**
 * How the request was signed. When the sandbox refused the signature (401), what the portal signed
 * stands beside the signing string the sandbox rebuilt, in full (from its response header: the
 * tppMessage's text stops at 512 characters).
 */
function SignatureSection({
  signing,
  rebuilt,
  refused,
  request,
}: {
  signing: SigningDetails;
  rebuilt: string | undefined;
  refused: boolean;
  request: WireRequest;
}) {
  const differs = rebuilt !== undefined && rebuilt !== signing.signingString;
  return (
    <section aria-labelledby="inspector-signing">
      <h3 id="inspector-signing">Signature</h3>
      <dl className="facts">
        <dt>Digest</dt>
        <dd>
          <code className="wrap">{signing.digest}</code>
        </dd>
        <SignatureParts header={signing.signatureHeader} />
      </dl>
      {refused ? <SignatureDiagnosis request={request} /> : null}
      {rebuilt !== undefined && (differs || refused) ? (
        <SigningCompare signed={signing.signingString} rebuilt={rebuilt} signedBy="the portal" />
      ) : (
        <CodeBlock label="Signing string" text={signing.signingString} />
      )}
      <h4>Certificate</h4>
      <dl className="facts">
        <dt>Subject</dt>
        <dd>{signing.certificate.subject}</dd>
        <dt>Issuer</dt>
        <dd>{signing.certificate.issuer}</dd>
        <dt>Serial</dt>
        <dd>
          <code>{signing.certificate.serialNumber}</code>
        </dd>
        <dt>Valid</dt>
        <dd>
          {signing.certificate.notBefore.slice(0, 10)} to {signing.certificate.notAfter.slice(0, 10)}
        </dd>
        <dt>keyId</dt>
        <dd>
          <code className="wrap">{signing.keyId}</code>
        </dd>
      </dl>
    </section>
  );
}

function CurlButton({ curl }: { curl: () => Promise<string> }) {
  const [command, setCommand] = useState<string>();
  const [problem, setProblem] = useState<string>();
  if (command) {
    const { sandbox, serverUrl } = getSettings();
    return (
      <>
        <CodeBlock label="curl (as a TPP's server sends it, Date signed)" text={command} copyLabel="Copy curl" />
        {sandbox.kind === "browser" ? (
          <p className="muted">
            Addressed to the server at {serverUrl}: a shell cannot reach this browser’s sandbox. Copy this browser’s sandbox to the server first (
            <Link href="/settings#sandbox">Settings</Link>) so the accounts and payments it names exist there.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <p>
      <button
        type="button"
        onClick={() => {
          curl().then(setCommand, (error: unknown) => {
            setProblem(error instanceof Error ? error.message : String(error));
          });
        }}
      >
        Show as curl
      </button>
      {problem ? (
        <span role="alert" className="field-error">
          {" "}
          {problem}
        </span>
      ) : null}
    </p>
  );
}

/** An answer a scenario forced says so first, so nobody takes it for a rule of the bank. */
export function ForcedNotice({ headers }: { headers: Record<string, string> }) {
  const forced = appliedScenarioOf(headers);
  return forced ? (
    <p className="notice">
      <strong>Forced by a sandbox scenario:</strong> <code>{forced}</code>. This is not the bank&apos;s own answer; see the explorer&apos;s Scenarios.
    </p>
  ) : null;
}

export function Inspector({
  request,
  unsentHeaders,
  signing,
  response,
  error,
  tampered,
  curl,
  title = "Request inspector",
  withResponse = true,
}: InspectorProps) {
  const signed = signing?.signedHeaders ?? [];
  const rebuilt = response ? rebuiltSigningString(response.headers) : undefined;
  return (
    <section className="inspector" aria-label={title}>
      <h2>{title}</h2>
      <p className="request-line">
        <code className="wrap">
          {request.method} {request.url}
        </code>
        <CopyButton text={request.url} label="Copy URL" />
      </p>
      {tampered ? (
        <p className="notice">
          <strong>Changed after signing, on purpose:</strong> {tampered}. The signature below is the one computed before the change.
        </p>
      ) : null}
      <HeadersTable headers={request.headers} unsent={unsentHeaders} signed={signed} caption="Request headers" />
      {request.body !== undefined ? <CodeBlock label="Request body" text={request.body} /> : null}
      {signing ? (
        <SignatureSection signing={signing} rebuilt={rebuilt} refused={response?.status === 401} request={request} />
      ) : (
        <p className="muted">Not signed yet: the signature is computed when the request is sent.</p>
      )}
      {curl ? <CurlButton curl={curl} /> : null}
      {error ? (
        <p role="alert" className="panel panel-error">
          {error}
        </p>
      ) : null}
      {response && withResponse ? (
        <section aria-labelledby="inspector-response">
          <h3 id="inspector-response">
            Response <span className={`status ${response.status < 400 ? "status-ok" : "status-error"}`}>{response.status}</span>{" "}
            <span className="muted">{response.durationMs} ms</span>
          </h3>
          <ResponseParts response={response} />
        </section>
      ) : null}
    </section>
  );
}

/** An answer's scenario mark, body (pretty when it is JSON) and headers. */
export function ResponseParts({ response }: { response: WireResponse }) {
  return (
    <>
      <ForcedNotice headers={response.headers} />
      {response.body ? <CodeBlock label="Response body" text={prettyBody(response.body)} /> : <p className="muted">No body.</p>}
      <HeadersTable headers={response.headers} unsent={{}} signed={[]} caption="Response headers" />
    </>
  );
}

export const inspectorPropsOf = (exchange: Exchange): InspectorProps => ({
  request: exchange.request,
  unsentHeaders: exchange.unsentHeaders,
  signing: exchange.signing,
  response: exchange.response,
  error: exchange.error,
  tampered: exchange.tampered,
});
