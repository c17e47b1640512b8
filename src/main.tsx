import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { prefetchPage } from "./app/pages";
import { loadOpenApi } from "./lib/openapi-document";
import { startSandbox } from "./lib/sandbox";
import { setStartupNotice } from "./lib/sandbox-connection";
import { applySandboxParameter, getSettings } from "./lib/settings";
import "./app/styles.css";

// ?sandbox=… chooses the sandbox before anything reads from one.
setStartupNotice(applySandboxParameter());
// The page being opened starts loading now, beside the shell's own script.
prefetchPage(location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");
// React recovers from an error thrown in a concurrent render by rendering the root again, and reports only its
// error 520; what threw is that error's cause, which the default report leaves out.
const onRecoverableError = (error: unknown, info: { componentStack?: string }) => {
  const cause = error instanceof Error ? error.cause : undefined;
  console.error(error, ...(cause === undefined ? [] : ["Caused by:", cause]), info.componentStack ?? "");
};
createRoot(root, { onRecoverableError }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// This browser's sandbox, when chosen, loads beside the first paint, never before it; a failure shows in the header.
if (getSettings().sandbox.kind === "browser") startSandbox().catch(() => undefined);
// Most pages read the OpenAPI document: ask for it now, in parallel; a failure shows on the page that needs it.
loadOpenApi().catch(() => undefined);
