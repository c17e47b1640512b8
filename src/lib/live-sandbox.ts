/**
 * Every open view follows the chosen sandbox as it changes, without a reload: this browser's
 * sandbox tells the tabs of this browser (BroadcastChannel, one message per committed change, so
 * nothing polls IndexedDB), a server tells the portal over its change stream (src/lib/server-watch.ts).
 * A burst of changes is one refresh; the transaction list, a signed request that shows in the
 * history, is sent again only when its account's transaction count changes.
 */
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sandboxKeys } from "./query-keys";
import { setServerState } from "./sandbox-connection";
import { CHANGES_CHANNEL, startSandbox } from "./sandbox";
import { getSettings, subscribeSettings, type SandboxChoice } from "./settings";

const REFRESH_AFTER_MS = 150;

function refresher(queryClient: QueryClient): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  return () => {
    pending ??= setTimeout(() => {
      pending = undefined;
      void queryClient.invalidateQueries({ queryKey: sandboxKeys.all, predicate: (query) => query.queryKey[1] !== "transactions" });
    }, REFRESH_AFTER_MS);
  };
}

function follow(choice: SandboxChoice, onChange: () => void): () => void {
  if (choice.kind === "browser") {
    startSandbox().catch(() => undefined);
    if (typeof BroadcastChannel === "undefined") return () => undefined;
    const channel = new BroadcastChannel(CHANGES_CHANNEL);
    channel.onmessage = onChange;
    return () => {
      channel.close();
    };
  }
  let stop: (() => void) | undefined;
  let stopped = false;
  setServerState({ state: "checking" });
  import("./server-watch").then(
    (module) => {
      if (!stopped) stop = module.watchServer(choice.url, onChange);
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
    const onChange = refresher(queryClient);
    let followed = keyOf(getSettings().sandbox);
    let stop = follow(getSettings().sandbox, onChange);
    const unsubscribe = subscribeSettings(() => {
      const choice = getSettings().sandbox;
      if (keyOf(choice) === followed) return;
      followed = keyOf(choice);
      stop();
      stop = follow(choice, onChange);
      // What was read belongs to the other sandbox: read it all again from this one.
      void queryClient.cancelQueries({ queryKey: sandboxKeys.all }).then(() => queryClient.resetQueries({ queryKey: sandboxKeys.all }));
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, [queryClient]);
}
