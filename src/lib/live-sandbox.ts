/**
 * Every open view follows the chosen sandbox as it changes, without a reload: this browser's
 * sandbox tells the tabs of this browser (BroadcastChannel, one message per committed change, so
 * nothing polls IndexedDB), a server tells the portal over its change stream (src/lib/server-watch.ts).
 * A burst of changes is one refresh; the transaction list, a signed request that shows in the
 * history, is sent again only when its account's transaction count changes. New traffic (a request
 * the sandbox recorded) refreshes the Traffic view's lists alone, never the data views (decision 0062).
 */
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sandboxKeys } from "./query-keys";
import { setServerState } from "./sandbox-connection";
import { CHANGES_CHANNEL, startSandbox, type ChangesMessage } from "./sandbox";
import { getSettings, subscribeSettings, type SandboxChoice } from "./settings";

const REFRESH_AFTER_MS = 150;

/** Refreshes the queries under `key` that `keep` keeps, once per burst. */
function refresher(queryClient: QueryClient, key: readonly string[], keep: (queryKey: readonly unknown[]) => boolean): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  return () => {
    pending ??= setTimeout(() => {
      pending = undefined;
      void queryClient.invalidateQueries({ queryKey: key, predicate: (query) => keep(query.queryKey) });
    }, REFRESH_AFTER_MS);
  };
}

interface Listeners {
  onChange: () => void;
  onTraffic: () => void;
}

function follow(choice: SandboxChoice, { onChange, onTraffic }: Listeners): () => void {
  if (choice.kind === "browser") {
    startSandbox().catch(() => undefined);
    if (typeof BroadcastChannel === "undefined") return () => undefined;
    const channel = new BroadcastChannel(CHANGES_CHANNEL);
    channel.onmessage = (event: MessageEvent<ChangesMessage>) => {
      if (typeof event.data === "object") onTraffic();
      else onChange();
    };
    return () => {
      channel.close();
    };
  }
  let stop: (() => void) | undefined;
  let stopped = false;
  setServerState({ state: "checking" });
  import("./server-watch").then(
    (module) => {
      if (!stopped) stop = module.watchServer(choice.url, onChange, onTraffic);
    },
    (error: unknown) => {
      setServerState({
        state: "unreachable",
        message: `The portal could not load its server client: ${error instanceof Error ? error.message : String(error)}. Reload the page.`,
      });
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

const keyOf = (choice: SandboxChoice) => (choice.kind === "server" ? choice.url : "browser");

/** In the app's shell: follows the chosen sandbox, and starts over when another is chosen. */
export function useLiveSandbox(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const listeners: Listeners = {
      onChange: refresher(queryClient, sandboxKeys.all, (key) => key[1] !== "transactions" && key[1] !== "traffic"),
      // A record never changes once written: only the lists (and what is built from them) are read again.
      onTraffic: refresher(queryClient, sandboxKeys.traffic(), (key) => key[2] !== "record"),
    };
    let followed = keyOf(getSettings().sandbox);
    let stop = follow(getSettings().sandbox, listeners);
    const unsubscribe = subscribeSettings(() => {
      const choice = getSettings().sandbox;
      if (keyOf(choice) === followed) return;
      followed = keyOf(choice);
      stop();
      stop = follow(choice, listeners);
      // What was read belongs to the other sandbox: read it all again from this one.
      void queryClient.cancelQueries({ queryKey: sandboxKeys.all }).then(() => queryClient.resetQueries({ queryKey: sandboxKeys.all }));
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, [queryClient]);
}
