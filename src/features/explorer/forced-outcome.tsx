/**
 * A scenario's outcome, said on the payment card so nobody takes it for the bank's doing; a payment it
 * holds (ACSP, PDNG) or left ACWC is released here, and the release is announced after the button is gone.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ExplorerPayment } from "../../contract/control-schemas";
import { appliedMarker } from "../../contract/scenarios";
import { ActionOutcome } from "../../components/action-outcome";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";
import { outcomeInWords } from "./scenario-words";

export function ForcedOutcome({ payment }: { payment: ExplorerPayment }) {
  const queryClient = useQueryClient();
  const release = useMutation({
    mutationFn: () => sandboxControl("releasePayment", { params: { paymentId: payment.paymentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sandboxKeys.all }),
  });
  const { scenario } = payment;
  if (!scenario) return null;
  const releasable =
    scenario.releasedAt === undefined &&
    (scenario.outcome.kind === "hold" || scenario.outcome.kind === "accepted-with-change") &&
    ["ACSP", "PDNG", "ACWC"].includes(payment.transactionStatus);
  return (
    <div className="forced-outcome panel">
      <p>
        <strong>Forced by a scenario:</strong> {outcomeInWords(scenario.outcome)} (<code>{appliedMarker(scenario.source, scenario.outcome)}</code>)
        {scenario.releasedAt === undefined ? "" : ", released"}.
      </p>
      {releasable ? (
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
      ) : null}
      <ActionOutcome
        message={release.isSuccess ? `Released: ${release.data.transactionStatus}; the next batch books it.` : undefined}
        problem={release.isError ? release.error.message : undefined}
      />
    </div>
  );
}
