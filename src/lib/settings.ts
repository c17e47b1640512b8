/**
 * Portal settings, kept in localStorage (small, read synchronously at start): where requests go,
 * which certificate signs them, and how curl commands are addressed.
 */
import { DEFAULT_PSU_ID } from "../contract/identifiers";
import { useSyncExternalStore } from "react";

export interface PortalSettings {
  /** {base_url}; empty means this portal's origin, where the in-browser sandbox answers. */
  apiBase: string;
  /** {sandbox_base_url}; empty means this portal's origin. */
  sandboxBase: string;
  /** Where "Copy as curl" sends: the standalone sandbox server by default. */
  curlBase: string;
  /** The credential that signs requests. */
  credentialId: string | null;
  /** The PSU the forms start with. */
  psuId: string;
}

const KEY = "psd2-portal-settings";
export const defaultSettings: PortalSettings = {
  apiBase: "",
  sandboxBase: "",
  curlBase: "http://127.0.0.1:4010",
  credentialId: null,
  psuId: DEFAULT_PSU_ID,
};

function load(): PortalSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<PortalSettings>;
    return { ...defaultSettings, ...stored };
  } catch {
    return defaultSettings;
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
  for (const listener of listeners) listener();
}

export function useSettings(): PortalSettings {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener("storage", onStorage);
      };
    },
    getSettings,
  );
}

/** The origin a base name resolves to: the configured one, or this portal's own. */
export function baseUrl(base: "api" | "sandbox", settings: PortalSettings = getSettings()): string {
  const configured = (base === "api" ? settings.apiBase : settings.sandboxBase).trim().replace(/\/+$/, "");
  return configured === "" ? location.origin : configured;
}
