/**
 * How far the guided first payment has come, kept in localStorage per sandbox: a reload, or the bank
 * page's return in another tab, finds the walkthrough where it was, and another sandbox has its own.
 */
import { z } from "../../contract/zod";

const Party = z.object({ customerNumber: z.string(), name: z.string(), psuId: z.string(), accountId: z.string(), bban: z.string() });
export type Party = z.infer<typeof Party>;

/** What a step did: the request line and answer status, the history entry, and what it means. */
const Note = z.object({ text: z.string(), lines: z.array(z.string()), exchangeId: z.string().optional(), ok: z.boolean() });
export type Note = z.infer<typeof Note>;

export const stepIds = ["accounts", "payment", "authorise", "batch", "transactions"] as const;
export type StepId = (typeof stepIds)[number];

const Progress = z.object({
  payer: Party.optional(),
  payee: Party.optional(),
  paymentId: z.string().optional(),
  scaLink: z.string().optional(),
  /** The payment's status as the TPP last read it. */
  status: z.string().optional(),
  booked: z.boolean().optional(),
  notes: z.partialRecord(z.enum(stepIds), Note),
});
export type Progress = z.infer<typeof Progress>;

export const emptyProgress = (): Progress => ({ notes: {} });

export function isDone(step: StepId, progress: Progress): boolean {
  switch (step) {
    case "accounts":
      return progress.payer !== undefined && progress.payee !== undefined;
    case "payment":
      return progress.paymentId !== undefined;
    case "authorise":
      return progress.status === "ACTC" || progress.status === "PDNG" || progress.booked === true;
    case "batch":
      return progress.booked === true;
    case "transactions":
      return progress.notes.transactions?.ok === true;
  }
}

/** The step to do now: the first not done; undefined when all are. */
export const currentStep = (progress: Progress): StepId | undefined => stepIds.find((step) => !isDone(step, progress));

/** A payment the bank rejected or cancelled cannot go on: the walkthrough starts again. */
export const isStuck = (progress: Progress) => progress.status === "RJCT" || progress.status === "CANC";

const PREFIX = "psd2-portal:first-payment:";

export function readProgress(sandbox: string): Progress {
  try {
    const parsed = Progress.safeParse(JSON.parse(localStorage.getItem(PREFIX + sandbox) ?? "null"));
    return parsed.success ? parsed.data : emptyProgress();
  } catch {
    // Storage off, or not JSON: start from the beginning.
    return emptyProgress();
  }
}

export function saveProgress(sandbox: string, progress: Progress): void {
  try {
    localStorage.setItem(PREFIX + sandbox, JSON.stringify(progress));
  } catch {
    // Storage full or off: the walkthrough still works in this tab, it just cannot survive a reload.
  }
}

export function clearProgress(sandbox: string): void {
  try {
    localStorage.removeItem(PREFIX + sandbox);
  } catch {
    // nothing kept, nothing to clear
  }
}
