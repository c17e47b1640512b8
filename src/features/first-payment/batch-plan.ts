/**
 * What "run the batch" does next for the walkthrough's payment: nothing once it is booked or
 * rejected; a run now when its execution date has come on the sandbox clock; otherwise move the
 * clock to the next scheduled run (which runs every batch on the way, as the real schedule would).
 */
export type BatchAction = { kind: "done" } | { kind: "run" } | { kind: "advance"; to: string };

export function nextBatchAction(
  payment: { transactionStatus: string; executionDate?: string | undefined },
  clock: { today: string; nextBatchRunAt: string },
): BatchAction {
  if (payment.transactionStatus !== "ACTC" && payment.transactionStatus !== "PDNG") return { kind: "done" };
  if (payment.executionDate === undefined || payment.executionDate <= clock.today) return { kind: "run" };
  return { kind: "advance", to: clock.nextBatchRunAt };
}
