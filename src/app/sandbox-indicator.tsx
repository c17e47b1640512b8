import { Link } from "wouter";
import { useChosenSandboxState, useStartupNotice } from "../lib/sandbox-connection";
import { useSettings } from "../lib/settings";

const hostOf = (url: string) => url.replace(/^https?:\/\//, "");

/** Which sandbox the portal works with and its state, linked to where it is chosen; the first paint never waits for it. */
export function SandboxIndicator() {
  const { sandbox } = useSettings();
  const state = useChosenSandboxState();
  const where = sandbox.kind === "server" ? `server ${hostOf(sandbox.url)}` : "this browser";
  const text = {
    starting: sandbox.kind === "server" ? `Connecting to ${where}…` : "Sandbox starting…",
    ready: `Sandbox ready · ${where}`,
    failed: `Sandbox failed to start${"message" in state ? `: ${state.message}` : ""}`,
    unreachable: `Sandbox unreachable · ${where}`,
    refused: `Sandbox refuses this page · ${where}`,
    "other-version": `Another sandbox version · ${where}`,
  }[state.state];
  const trouble = state.state !== "ready" && state.state !== "starting";
  // At most two lines in the header (the rest is in the link's title and in Settings); an alert reads it whole.
  return (
    <span className={`sandbox-state${state.state === "ready" ? " sandbox-ready" : trouble ? " sandbox-failed" : ""}`} role={trouble ? "alert" : "status"}>
      <Link href="/settings#sandbox" title={"message" in state ? state.message : "Choose the sandbox in Settings"}>
        {text}
      </Link>
    </span>
  );
}

/** A ?sandbox= address that could not be used: said once, under the header, where it has room. */
export function StartupNotice() {
  const notice = useStartupNotice();
  return notice ? (
    <p className="startup-notice" role="alert">
      {notice}
    </p>
  ) : null;
}
