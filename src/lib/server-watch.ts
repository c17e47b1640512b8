/**
 * Follows a sandbox server: checks that it answers this page and speaks this portal's version
 * (GET /__sandbox/info), then listens to its change stream (GET /__sandbox/changes as server-sent
 * events; on a hosted server, whose controls are signed, a signed GET every few seconds) and says when
 * the sandbox changed. Loaded only when a server is chosen.
 */
import { SANDBOX_API_VERSION, SandboxChanges, SandboxInfo } from "../contract/control-schemas";
import { hrefOf } from "../contract/paths";
import { isHostedServer, rememberHosted } from "./hosted-servers";
import { sandboxControl } from "./send";
import { noAnswerHint, setServerState, startHint, type ServerState } from "./sandbox-connection";

const RETRY_MS = 3_000;
/** How often the changes of a hosted server are read: an EventSource cannot sign, so there the portal asks. */
const HOSTED_POLL_MS = 5_000;

export async function checkServer(url: string): Promise<ServerState> {
  const info = `${url}${hrefOf("sandboxInfo", {})}`;
  let response: Response;
  try {
    response = await fetch(info, { cache: "no-store" });
  } catch {
    // No CORS grant and no server look alike to fetch; an opaque request reaches a server that runs.
    const runs = await fetch(info, { mode: "no-cors", cache: "no-store" }).then(
      () => true,
      () => false,
    );
    return runs
      ? {
          state: "refused",
          message: `The server at ${url} runs but refuses this page's origin ${location.origin}. Start it with --allow-origin ${location.origin} (${startHint(url)}).`,
        }
      : { state: "unreachable", message: `The server at ${url} does not answer. ${noAnswerHint(url)}` };
  }
  const parsed = SandboxInfo.safeParse(await response.json().catch(() => undefined));
  if (!response.ok || !parsed.success)
    return {
      state: "other-version",
      message: `${url} answers GET /__sandbox/info with ${String(response.status)}, not as this portal's sandbox does: it is an older sandbox server or something else. ${startHint(url)}.`,
    };
  if (parsed.data.apiVersion !== SANDBOX_API_VERSION)
    return {
      state: "other-version",
      message: `The server at ${url} speaks version ${String(parsed.data.apiVersion)} of the interface and controls; this portal speaks ${String(SANDBOX_API_VERSION)}. Run the server from the same version as the portal.`,
    };
  rememberHosted(url, parsed.data.multiTenant === true);
  return { state: "ready" };
}

/**
 * Watches the server until the returned function is called; `onChange` after every change seen, `onTraffic` after new
 * requests were recorded (the stream's `traffic` event; a hosted server's, read by polling, after every poll).
 */
export function watchServer(url: string, onChange: () => void, onTraffic: () => void = () => undefined): () => void {
  let stopped = false;
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let seen: SandboxChanges | undefined;

  const settle = async () => {
    const state = await checkServer(url);
    if (stopped) return;
    setServerState(state);
    if (state.state !== "ready") retry = setTimeout(() => void settle(), RETRY_MS);
    else if (await isHostedServer(url)) void poll();
    else listen();
  };
  const changed = (changes: SandboxChanges) => {
    // The first reading is the state now: a change only if it moved since the last one seen.
    const moved = seen !== undefined && (seen.revision !== changes.revision || seen.since !== changes.since);
    seen = changes;
    if (moved) onChange();
  };
  const poll = async () => {
    try {
      changed(await sandboxControl("sandboxChanges", { sandbox: { kind: "server", url } }));
      // The changes say nothing of traffic here: a Traffic view open reads its first page again at this pace.
      onTraffic();
    } catch {
      // A refused or failed read: the server's state says why, and the next poll tries again.
      const state = await checkServer(url);
      if (!stopped && state.state !== "ready") setServerState(state);
    }
    if (!stopped) retry = setTimeout(() => void poll(), HOSTED_POLL_MS);
  };
  const listen = () => {
    source?.close();
    source = new EventSource(`${url}${hrefOf("sandboxChanges", {})}`);
    source.addEventListener("change", (event) => {
      const changes = SandboxChanges.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (changes.success) changed(changes.data);
    });
    source.addEventListener("traffic", onTraffic);
    source.addEventListener("open", () => {
      setServerState({ state: "ready" });
    });
    source.addEventListener("error", () => {
      // EventSource reconnects by itself after a dropped stream; a refused one (429, a server gone) it gives up.
      if (source?.readyState === EventSource.CLOSED) {
        source.close();
        retry = setTimeout(() => void settle(), RETRY_MS);
      }
      void checkServer(url).then((state) => {
        if (!stopped && state.state !== "ready") setServerState(state);
      });
    });
  };
  setServerState({ state: "checking" });
  void settle();
  return () => {
    stopped = true;
    source?.close();
    if (retry) clearTimeout(retry);
  };
}
