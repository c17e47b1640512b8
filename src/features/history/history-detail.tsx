/**
 * One request of the history: what to do with it (replay, open in the console, copy as curl) and
 * the inspector with everything that was sent and answered.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link } from "wouter";
import { Inspector, inspectorPropsOf } from "../../components/inspector";
import { activeCredential } from "../../lib/credentials";
import { curlCommand } from "../../lib/curl";
import type { Exchange } from "../../lib/exchange";
import { portalKeys, sandboxKeys } from "../../lib/query-keys";
import { signForServer } from "../../lib/request-draft";
import { sendRequest } from "../../lib/send";
import { curlOrigin } from "../../lib/settings";
import { formatSentAt } from "./format";
import type { HistoryRow } from "./history-rows";
import { consoleHref, curlDraft, matchOf, replayInput } from "./replay";

async function curlOf(exchange: Exchange): Promise<string> {
  const origin = curlOrigin();
  const signed = await signForServer(curlDraft(exchange, origin, crypto.randomUUID()), await activeCredential(), origin);
  return curlCommand(signed.request);
}

async function replay(exchange: Exchange): Promise<Exchange> {
  const plan = replayInput(exchange, crypto.randomUUID());
  if (!plan.ok) throw new Error(plan.problem);
  return sendRequest(plan.input, { origin: originOf(exchange.request.url) });
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

export function HistoryDetail({ row, onReplayed }: { row: HistoryRow; onReplayed: (sent: Exchange) => void }) {
  const { exchange } = row;
  const queryClient = useQueryClient();
  const match = useMemo(() => matchOf(exchange), [exchange]);
  const mutation = useMutation({
    mutationFn: () => replay(exchange),
    onSuccess: async (sent) => {
      // A replay may change the sandbox (a new payment, a new balance) as well as the history.
      await Promise.all([queryClient.invalidateQueries({ queryKey: portalKeys.history() }), queryClient.invalidateQueries({ queryKey: sandboxKeys.all })]);
      onReplayed(sent);
    },
  });
  const sentAt = formatSentAt(exchange.sentAt);

  return (
    <div className="history-detail">
      <div className="history-actions" role="group" aria-label="Actions on this request">
        <button
          type="button"
          className="button-primary"
          disabled={!match || mutation.isPending}
          onClick={() => {
            mutation.mutate();
          }}
        >
          {mutation.isPending ? "Replaying…" : "Replay"}
        </button>
        {match ? (
          <>
            <Link className="button" href={consoleHref(match, exchange.id)}>
              Open in console
            </Link>
            <Link href={`/reference/${match.operation.id}`}>Reference: {match.operation.title}</Link>
          </>
        ) : null}
      </div>
      <div className="history-notes">
        {match ? (
          <p className="muted">
            Sent to{" "}
            {exchange.sandbox === undefined ? (
              <code>{originOf(exchange.request.url)}</code>
            ) : exchange.sandbox === "browser" ? (
              "this browser’s sandbox"
            ) : (
              <>
                the server at <code>{exchange.sandbox}</code>
              </>
            )}
            . Replay sends the same method, address, headers and body there again with a fresh X-Request-ID, signed anew with the active certificate.
          </p>
        ) : (
          <p className="notice">
            This request matches no operation of the interface, so it cannot be replayed or opened in the console; it can still be copied as curl.
          </p>
        )}
        {mutation.error ? (
          <p role="alert" className="panel panel-error">
            Replay failed: {mutation.error.message}
          </p>
        ) : null}
      </div>
      <Inspector key={exchange.id} {...inspectorPropsOf(exchange)} curl={() => curlOf(exchange)} title={`${row.title}, sent ${sentAt}`} />
    </div>
  );
}
