/**
 * Which sandbox the portal runs against: this browser's or a server's, with its state, and the
 * way across between the two (copy-sandbox.tsx).
 */
import { useState, type SyntheticEvent } from "react";
import { FieldShell } from "../../components/field-shell";
import { baseAddressProblem, normaliseBaseAddress } from "../../lib/base-address";
import { useChosenSandboxState } from "../../lib/sandbox-connection";
import { sandboxName, updateSettings, useSettings } from "../../lib/settings";
import { CopySandbox } from "./copy-sandbox-panel";

const stateWords = {
  starting: "starting…",
  ready: "ready",
  failed: "failed to start",
  unreachable: "unreachable",
  refused: "refuses this page",
  "other-version": "another version",
} as const;

function SandboxState() {
  const settings = useSettings();
  const state = useChosenSandboxState();
  return (
    <div className={state.state === "ready" || state.state === "starting" ? "panel" : "panel panel-error"} role="status">
      <p>
        In use: <strong>{sandboxName(settings.sandbox)}</strong>, {stateWords[state.state]}.
      </p>
      {"message" in state ? <p>{state.message}</p> : null}
    </div>
  );
}

export function SandboxSection() {
  const settings = useSettings();
  const [kind, setKind] = useState(settings.sandbox.kind);
  const [url, setUrl] = useState(settings.sandbox.kind === "server" ? settings.sandbox.url : settings.serverUrl);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState("");

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = url.trim() === "" ? "Enter the server's address, e.g. http://127.0.0.1:4010." : baseAddressProblem(url);
    if (kind === "browser") {
      // The address is kept too when it is one: "Copy as curl" and the copy actions use it.
      updateSettings({ sandbox: { kind: "browser" }, ...(problem === undefined ? { serverUrl: normaliseBaseAddress(url) } : {}) });
      setError(undefined);
      setSaved("The portal now works with this browser's sandbox.");
      return;
    }
    setError(problem);
    setSaved("");
    if (problem !== undefined) {
      document.getElementById("sandbox-server-url")?.focus();
      return;
    }
    const server = normaliseBaseAddress(url);
    setUrl(server);
    updateSettings({ sandbox: { kind: "server", url: server }, serverUrl: server });
    setSaved(`The portal now works with the server at ${server}.`);
  };

  return (
    <section className="settings-section" aria-labelledby="sandbox">
      <h2 id="sandbox">Sandbox</h2>
      <p>
        Every page follows the sandbox chosen here: the explorer, the forms’ starting values, the bank page, the history, and “Copy as curl”. Open the portal
        with <code>?sandbox=http://127.0.0.1:4010</code> (or <code>?sandbox=browser</code>) to choose it from a link.
      </p>
      <SandboxState />
      <form className="panel settings-form" onSubmit={save} noValidate aria-labelledby="sandbox">
        <fieldset className="group">
          <legend>Where the portal works</legend>
          <label className="choice">
            <input
              type="radio"
              name="sandbox-kind"
              value="browser"
              checked={kind === "browser"}
              onChange={() => {
                setKind("browser");
              }}
            />
            <span>
              This browser: the sandbox runs in this page and keeps its data in IndexedDB. Nothing to install; only this browser sees it, and curl cannot reach
              it.
            </span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name="sandbox-kind"
              value="server"
              checked={kind === "server"}
              onChange={() => {
                setKind("server");
              }}
            />
            <span>
              A sandbox server: <code>npm run sandbox</code>, reachable by your back end, scripts and curl.
            </span>
          </label>
          <FieldShell
            id="sandbox-server-url"
            label="Server address"
            error={error}
            hint={`A scheme, host and port. The server answers pages on loopback addresses; a portal elsewhere needs --allow-origin ${location.origin}. While this browser's sandbox is chosen, “Copy as curl” is addressed here.`}
          >
            {(describedBy) => (
              <input
                id="sandbox-server-url"
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                value={url}
                aria-describedby={describedBy}
                aria-invalid={error ? true : undefined}
                onChange={(event) => {
                  setUrl(event.target.value);
                }}
              />
            )}
          </FieldShell>
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button-primary">
            Use this sandbox
          </button>
          <span role="status" className="settings-status">
            {saved}
          </span>
        </div>
      </form>
      <CopySandbox serverUrl={settings.serverUrl} />
    </section>
  );
}
