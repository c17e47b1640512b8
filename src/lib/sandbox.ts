/**
 * The portal's one way into mocks/: a dynamic import, started right after the first paint, so the
 * first screen never waits for the sandbox backend (design, "Boundaries").
 */
import { useSyncExternalStore } from "react";
import { getSettings } from "./settings";

type BrowserSandbox = Awaited<ReturnType<typeof import("../../mocks/browser").startBrowserSandbox>>;

export type SandboxStatus = { state: "starting" } | { state: "ready"; isBatchLeader: () => boolean } | { state: "failed"; message: string };

/** The BroadcastChannel on which this browser's sandbox tells every tab that it changed (src/lib/live-sandbox.ts). */
export const CHANGES_CHANNEL = "psd2-sandbox-changes";
let announcer: BroadcastChannel | undefined;

/** What goes on the channel: "changed" after a committed change, and the id of each request it recorded (decision 0062). */
export type ChangesMessage = "changed" | { traffic: string };

function announce(message: ChangesMessage): void {
  if (typeof BroadcastChannel === "undefined") return;
  announcer ??= new BroadcastChannel(CHANGES_CHANNEL);
  announcer.postMessage(message);
}

/** This tab's sandbox committed a change: every tab of this browser (this one too) hears of it. */
const announceChange = () => {
  announce("changed");
};

let status: SandboxStatus = { state: "starting" };
const listeners = new Set<() => void>();
let started: Promise<BrowserSandbox> | undefined;

function setStatus(next: SandboxStatus) {
  status = next;
  for (const listener of listeners) listener();
}

/** Starts the in-browser sandbox once; later calls get the same promise. */
export function startSandbox(): Promise<BrowserSandbox> {
  // Marks let the performance test check that the first paint never waits for the sandbox.
  if (!started) performance.mark("sandbox-start");
  started ??= import("../../mocks/browser")
    .then((module) => module.startBrowserSandbox())
    .then(
      (sandbox) => {
        performance.mark("sandbox-ready");
        sandbox.sandbox.env.store.onCommit(announceChange);
        // Each tab runs its own sandbox over the one database: a Traffic view in any tab hears of the requests of all.
        sandbox.sandbox.onTraffic((id) => {
          announce({ traffic: id });
        });
        setStatus({ state: "ready", isBatchLeader: sandbox.isBatchLeader });
        return sandbox;
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        setStatus({ state: "failed", message });
        throw error;
      },
    );
  return started;
}

/** Resolves once this browser's sandbox answers requests on this origin (at once when a server is chosen). */
export async function sandboxReady(): Promise<void> {
  if (getSettings().sandbox.kind === "browser") await startSandbox();
}

/**
 * A request answered by this page's sandbox directly, as the service worker would have it answered,
 * without the worker's round trip: for bodies of tens of megabytes (an import), which that round trip
 * copies through the worker at a cost of seconds per megabyte.
 */
export async function dispatchInPage(request: Request): Promise<Response> {
  const { sandbox } = await startSandbox();
  return (await sandbox.dispatch(request)) ?? new Response(null, { status: 404 });
}

export function useSandboxStatus(): SandboxStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}
