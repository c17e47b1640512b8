/** "Clear history", asked again in a modal dialog: deleting 500 requests by a slip would hurt. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { clearHistory } from "../../lib/history";
import { portalKeys } from "../../lib/query-keys";
import { countOf } from "../../lib/words";

export function ClearHistory({ count, onCleared }: { count: number; onCleared: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: clearHistory,
    onSuccess: async () => {
      dialog.current?.close();
      await queryClient.invalidateQueries({ queryKey: portalKeys.history() });
      onCleared();
    },
  });
  const requests = countOf(count, "request");
  return (
    <>
      <button
        type="button"
        className="history-clear"
        disabled={count === 0}
        onClick={() => {
          mutation.reset();
          dialog.current?.showModal();
          // The safe choice takes the focus, so Enter by habit keeps the history.
          keep.current?.focus();
        }}
      >
        Clear history…
      </button>
      <dialog ref={dialog} className="history-dialog" aria-labelledby="clear-history-title" aria-describedby="clear-history-text">
        <h2 id="clear-history-title">Clear the history?</h2>
        <p id="clear-history-text">
          This deletes the {requests} kept in this browser. It cannot be undone. The sandbox's data (payments, accounts) stays as it is.
        </p>
        {mutation.error ? (
          <p role="alert" className="field-error">
            The history could not be cleared: {mutation.error.message}
          </p>
        ) : null}
        <div className="form-actions">
          <button
            type="button"
            className="button-danger"
            disabled={mutation.isPending}
            onClick={() => {
              mutation.mutate();
            }}
          >
            Delete {requests}
          </button>
          <button type="button" ref={keep} onClick={() => dialog.current?.close()}>
            Keep them
          </button>
        </div>
      </dialog>
    </>
  );
}
