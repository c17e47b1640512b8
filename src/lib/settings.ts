/**
 * Portal settings, kept in localStorage (small, read synchronously at start): which sandbox the
 * portal runs against, which certificate signs requests, and the PSU the forms start with.
 */
import { DEFAULT_PSU_ID } from "../contract/default-psu";
import { SERVED_BY_SERVER_META } from "../contract/portal-marker";
import { useSyncExternalStore } from "react";
import { baseAddressProblem, normaliseBaseAddress } from "./base-address";

/**
 * The one notion of where the portal works: the sandbox in this browser (msw + IndexedDB) or a
 * sandbox server. Both base addresses, the controls, the SCA links and "Copy as curl" follow it.
 */
export type SandboxChoice = { kind: "browser" } | { kind: "server"; url: string };

export interface PortalSettings {
  sandbox: SandboxChoice;
  /**
   * The server address last given (the server choice's when one is chosen): kept while this
   * browser's sandbox is chosen, and where "Copy as curl" then points, since a shell cannot reach
   * a sandbox that lives in a browser.
   */
  serverUrl: string;
  /** The credential that signs requests. */
  credentialId: string | null;
  /** The PSU the forms start with. */
  psuId: string;
}

const KEY = "psd2-portal-settings";
export const DEFAULT_SERVER_URL = "http://127.0.0.1:4010";
export const defaultSettings: PortalSettings = {
  sandbox: { kind: "browser" },
  serverUrl: DEFAULT_SERVER_URL,
  credentialId: null,
  psuId: DEFAULT_PSU_ID,
};

const usable = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" && baseAddressProblem(value) === undefined ? normaliseBaseAddress(value) : undefined;

/** The settings a browser starts with: this browser's sandbox, or the server that served the page (`servedBy`). */
const startingSettings = (servedBy: string | undefined): PortalSettings =>
  servedBy === undefined ? defaultSettings : { ...defaultSettings, sandbox: { kind: "server", url: servedBy }, serverUrl: servedBy };

/**
 * Settings as stored, by this version or an earlier one. Earlier versions kept three loose
 * addresses: apiBase and sandboxBase (empty: the portal's origin) and curlBase. A base address
 * pointed elsewhere meant a server; curlBase is the server address to remember. `servedBy`: the origin of the
 * sandbox server that served this page, when one did (SERVED_BY_SERVER_META), which nothing stored chose against.
 */
export function settingsFrom(stored: unknown, ownOrigin: string, servedBy?: string): PortalSettings {
  if (typeof stored !== "object" || stored === null) return startingSettings(servedBy);
  const record = stored as Record<string, unknown>;
  const credentialId = typeof record.credentialId === "string" ? record.credentialId : null;
  const psuId = typeof record.psuId === "string" && record.psuId !== "" ? record.psuId : DEFAULT_PSU_ID;
  const chosen = record.sandbox as { kind?: unknown; url?: unknown } | undefined;
  const chosenUrl = chosen?.kind === "server" ? usable(chosen.url) : undefined;
  const earlierServer = [record.apiBase, record.sandboxBase].map(usable).find((url) => url !== undefined && url !== ownOrigin);
  const server = chosenUrl ?? (chosen === undefined ? (earlierServer ?? servedBy) : undefined);
  const sandbox: SandboxChoice = server ? { kind: "server", url: server } : { kind: "browser" };
  const serverUrl = server ?? usable(record.serverUrl) ?? usable(record.curlBase) ?? servedBy ?? DEFAULT_SERVER_URL;
  return { sandbox, serverUrl, credentialId, psuId };
}

/** This page's origin when a sandbox server served it (its meta element), else undefined. */
const servedByServer = (): string | undefined =>
  typeof document === "undefined" || document.querySelector(`meta[name="${SERVED_BY_SERVER_META}"]`) === null ? undefined : location.origin;

function load(): PortalSettings {
  try {
    return settingsFrom(JSON.parse(localStorage.getItem(KEY) ?? "{}"), location.origin, servedByServer());
  } catch {
    return startingSettings(servedByServer());
  }
}

let current: PortalSettings | undefined;
const listeners = new Set<() => void>();

export function getSettings(): PortalSettings {
  current ??= load();
  return current;
}

export function updateSettings(change: Partial<PortalSettings>): PortalSettings {
  current = { ...getSettings(), ...change };
  localStorage.setItem(KEY, JSON.stringify(current));
  for (const listener of listeners) listener();
  return current;
}

/** Another tab changed the settings: follow it. */
function onStorage(event: StorageEvent) {
  if (event.key !== KEY) return;
  current = load();
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` after every change of the settings, here or in another tab. */
export function subscribeSettings(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export function useSettings(): PortalSettings {
  return useSyncExternalStore(subscribeSettings, getSettings);
}

/** The origin the chosen sandbox answers on: this portal's own (the browser's sandbox), or the server's. */
export function sandboxOrigin(settings: PortalSettings = getSettings()): string {
  return settings.sandbox.kind === "server" ? settings.sandbox.url : location.origin;
}

/** Both base names resolve to the chosen sandbox (a sandbox serves {base_url} and {sandbox_base_url} on one origin). */
export function baseUrl(_base: "api" | "sandbox", settings: PortalSettings = getSettings()): string {
  return sandboxOrigin(settings);
}

/** Where "Copy as curl" and the code export send: the chosen server, or the remembered one. */
export function curlOrigin(settings: PortalSettings = getSettings()): string {
  return settings.sandbox.kind === "server" ? settings.sandbox.url : settings.serverUrl;
}

/** The chosen sandbox in words: "this browser" or "the server at http://…". */
export function sandboxName(choice: SandboxChoice = getSettings().sandbox): string {
  return choice.kind === "server" ? `the server at ${choice.url}` : "this browser";
}

/** What a history entry records of where a request went: "browser" or the server's address. */
export const sandboxLabel = (choice: SandboxChoice): string => (choice.kind === "server" ? choice.url : "browser");

/**
 * Opening the portal with ?sandbox=http://127.0.0.1:4010 (or ?sandbox=browser) chooses that
 * sandbox and remembers it; the parameter is then taken out of the address bar. A value that is
 * no address changes nothing and is reported.
 */
export function applySandboxParameter(): string | undefined {
  const url = new URL(location.href);
  const value = url.searchParams.get("sandbox");
  if (value === null) return undefined;
  url.searchParams.delete("sandbox");
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
  if (value.trim().toLowerCase() === "browser") {
    updateSettings({ sandbox: { kind: "browser" } });
    return undefined;
  }
  const problem = baseAddressProblem(value);
  if (problem !== undefined || value.trim() === "")
    return `?sandbox=${value.slice(0, 100)} is not a sandbox address (${problem ?? "it is empty"}); the portal stays on ${sandboxName()}.`;
  const server = normaliseBaseAddress(value);
  updateSettings({ sandbox: { kind: "server", url: server }, serverUrl: server });
  return undefined;
}
