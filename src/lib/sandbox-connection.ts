/**
 * The state of the chosen sandbox, for the header and the pages: this browser's (starting, ready,
 * failed: src/lib/sandbox.ts) or a server's (checking, ready, unreachable, refusing this page's
 * origin, another version: src/lib/server-watch.ts, loaded only when a server is chosen).
 */
import { useSyncExternalStore } from "react";
import { useSandboxStatus } from "./sandbox";
import { useSettings } from "./settings";

export type ServerState = { state: "checking" } | { state: "ready" } | { state: "unreachable" | "refused" | "other-version"; message: string };

export type ChosenState = { state: "starting" | "ready" } | { state: "failed" | "unreachable" | "refused" | "other-version"; message: string };

let serverState: ServerState = { state: "checking" };
/** Set when ?sandbox= held something that is no address: shown once in the header. */
let startupNotice: string | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

export function setServerState(next: ServerState): void {
  serverState = next;
  notify();
}

export function setStartupNotice(notice: string | undefined): void {
  startupNotice = notice;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useStartupNotice = () => useSyncExternalStore(subscribe, () => startupNotice);

/** The chosen sandbox's state, whichever it is. */
export function useChosenSandboxState(): ChosenState {
  const { sandbox } = useSettings();
  const browser = useSandboxStatus();
  const server = useSyncExternalStore(subscribe, () => serverState);
  if (sandbox.kind === "browser") return browser.state === "failed" ? { state: "failed", message: browser.message } : { state: browser.state };
  return server.state === "checking" ? { state: "starting" } : server;
}

const isLoopback = (origin: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

/** How to start a server at `url` so that this page may call it. */
export function startHint(url: string): string {
  let port = "4010";
  try {
    port = new URL(url).port || (url.startsWith("https:") ? "443" : "80");
  } catch {
    // An address this page could not parse has been refused before it was stored.
  }
  const allow = isLoopback(location.origin) ? "" : ` --allow-origin ${location.origin}`;
  return `Start it from the portal's repository with: npm run sandbox -- --port ${port}${allow}`;
}

/** Why a request to `url` got no answer at all, and what to do. */
export function noAnswerHint(url: string): string {
  if (location.protocol === "https:" && url.startsWith("http:"))
    return `This page is on https and may not call an http address (mixed content): open the portal over http, or serve the sandbox over https.`;
  return `${startHint(url)}. A server that runs but refuses this page's origin (${location.origin}) looks the same from here: ${isLoopback(location.origin) ? "loopback pages are always allowed, so check the address and port" : `start it with --allow-origin ${location.origin}`}.`;
}
