/** Releases a payment a scenario holds (ACSP, PDNG) or left ACWC, so the batch books it. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ActionOutcome } from "../../components/action-outcome";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";

export function ReleaseButton({ paymentId }: { paymentId: string }) {
  const queryClient = useQueryClient();
  const release = useMutation({
    mutationFn: () => sandboxControl("releasePayment", { params: { paymentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sandboxKeys.all }),
  });
  return (
    <>
      <button
        type="button"
        className="button-small"
        disabled={release.isPending}
        onClick={() => {
          release.mutate();
        }}
      >
        Release from the scenario&apos;s hold
      </button>
      <ActionOutcome
        message={release.isSuccess ? `Released: ${release.data.transactionStatus}; the next batch books it.` : undefined}
        problem={release.isError ? release.error.message : undefined}
      />
    </>
  );
}
