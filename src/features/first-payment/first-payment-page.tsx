/**
 * The guided first payment (issue 12, point 4): five steps, each one button that does the step for
 * real in the chosen sandbox and says what happened; the progress survives a reload and follows the
 * bank page's return in another tab.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { LifecycleDiagram } from "../../components/lifecycle-diagram";
import { PageTitle } from "../../components/page-title";
import type { TransactionStatus } from "../../contract/codes";
import { sandboxKeys } from "../../lib/query-keys";
import { sandboxControl } from "../../lib/send";
import { sandboxLabel, sandboxName, useSettings } from "../../lib/settings";
import { clearProgress, currentStep, emptyProgress, isDone, isStuck, readProgress, saveProgress, stepIds, type Progress, type StepId } from "./progress";
import { StepOutcome } from "./step-outcome";
import { approveHere, createAccounts, readAuthorisation, readTransactions, runBatch, sendPayment } from "./steps";
import "./first-payment.css";

const steps: Record<StepId, { title: string; what: string; button: string; run: (progress: Progress) => Promise<Progress> }> = {
  accounts: {
    title: "Create the accounts",
    what: "Two customers from fresh test identities, each with a NOK account: you will pay from the first to the second. Sent as the signed sandbox-data operation createSandboxAccount.",
    button: "Create two accounts",
    run: createAccounts,
  },
  payment: {
    title: "Send a payment",
    what: "Your TPP initiates NOK 250 from the payer to the payee (signed POST of a Norwegian domestic credit transfer). The bank answers RCVD with a link to its SCA page.",
    button: "Send the payment",
    run: sendPayment,
  },
  authorise: {
    title: "Authorise at the bank",
    what: "The payer approves with SCA on the bank's page, which sends them back here. This page notices the approval and reads the status as your TPP would.",
    button: "Check the status",
    run: readAuthorisation,
  },
  batch: {
    title: "Run the batch",
    what: "The bank books approved payments in batch runs. This runs one now, or moves the sandbox clock (forward only) to the next scheduled run when the payment's execution date lies ahead.",
    button: "Run the batch",
    run: runBatch,
  },
  transactions: {
    title: "See both transactions",
    what: "Reads each account's newest transaction (signed GET of the sandbox transactions): a debit on the payer's account, a credit on the payee's.",
    button: "Show the transactions",
    run: readTransactions,
  },
};

/** The payment's status as the sandbox holds it, refreshed by every change (another tab's bank page included). */
function usePaymentStatus(paymentId: string | undefined) {
  return useQuery({
    queryKey: sandboxKeys.payment(paymentId ?? ""),
    queryFn: () => sandboxControl("sandboxPayment", { params: { paymentId: paymentId ?? "" } }),
    enabled: paymentId !== undefined,
    retry: false,
  }).data?.transactionStatus;
}

export default function FirstPaymentPage() {
  const sandbox = sandboxLabel(useSettings().sandbox);
  const [kept, setKept] = useState(() => ({ sandbox, progress: readProgress(sandbox) }));
  // Another sandbox chosen: its own walkthrough, where it was left.
  if (kept.sandbox !== sandbox) setKept({ sandbox, progress: readProgress(sandbox) });
  const progress = kept.progress;
  const setProgress = (next: Progress) => {
    setKept({ sandbox, progress: next });
  };
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const nextButton = useRef<HTMLButtonElement>(null);
  const acted = useRef(false);
  const current = currentStep(progress);
  const stuck = isStuck(progress);
  const held = usePaymentStatus(progress.paymentId);

  // The bank page's tab (back here after SCA) moved the walkthrough on: take its progress.
  useEffect(() => {
    const onStorage = () => {
      setKept({ sandbox, progress: readProgress(sandbox) });
    };
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("storage", onStorage);
    };
  }, [sandbox]);

  const act = async (step: StepId, run: (progress: Progress) => Promise<Progress>) => {
    setBusy(true);
    setAnnouncement(`${steps[step].title}: working…`);
    let next: Progress;
    try {
      next = await run(progress);
    } catch (error) {
      next = { ...progress, notes: { ...progress.notes, [step]: { ok: false, lines: [], text: error instanceof Error ? error.message : String(error) } } };
    }
    saveProgress(sandbox, next);
    setProgress(next);
    setBusy(false);
    acted.current = true;
    const upNext = currentStep(next);
    setAnnouncement(`${steps[step].title}: ${next.notes[step]?.text ?? ""}${upNext && upNext !== step ? ` Next: ${steps[upNext].title}.` : ""}`);
  };

  // Approved at the bank (in another tab): read the status as the TPP would, once.
  const autoRead = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (current !== "authorise" || busy || held === undefined || held === "RCVD" || autoRead.current === progress.paymentId) return;
    autoRead.current = progress.paymentId;
    void act("authorise", readAuthorisation);
  });

  // After a step, the next step's button takes the focus, so the keyboard goes on where the eye does.
  useEffect(() => {
    if (acted.current) nextButton.current?.focus();
  }, [current]);

  const restart = () => {
    clearProgress(sandbox);
    setProgress(emptyProgress());
    setAnnouncement("Started again: step 1 of 5, Create the accounts.");
  };
  const doneCount = stepIds.filter((step) => isDone(step, progress)).length;

  return (
    <section className="page first-payment">
      <PageTitle title="Your first payment">Your first payment</PageTitle>
      <p className="lead">
        Five steps, about three minutes, each done for real in the chosen sandbox ({sandboxName()}): the same signed requests your TPP sends, kept in the{" "}
        <Link href="/history">History</Link> to read in full. Your place is kept if you reload or leave.
      </p>
      <p className="walkthrough-count">
        {String(doneCount)} of 5 steps done{current ? `; now: ${steps[current].title}` : ": your first payment went through"}.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <ol className="walkthrough">
        {stepIds.map((step, index) => {
          const isCurrent = step === current && !stuck;
          const note = progress.notes[step];
          return (
            <li key={step} className={isCurrent ? "current" : undefined} aria-current={isCurrent ? "step" : undefined}>
              <h2>
                {String(index + 1)}. {steps[step].title}
                {isDone(step, progress) ? <span className="tag">done</span> : null}
              </h2>
              <p>{steps[step].what}</p>
              {step === "authorise" && isCurrent && progress.scaLink ? (
                <p className="form-actions">
                  <a className="button button-primary" href={progress.scaLink} target="_blank" rel="noopener">
                    Open the bank page (new tab)
                  </a>
                  <button type="button" disabled={busy} onClick={() => void act("authorise", approveHere)}>
                    Approve here instead
                  </button>
                </p>
              ) : null}
              {step === "authorise" && isCurrent ? (
                <p className="field-hint">
                  “Approve here instead” sends the same decision the bank page sends (POST /__sandbox/sca/payment/…), for when a new tab is not an option.
                </p>
              ) : null}
              <button
                type="button"
                ref={isCurrent ? nextButton : undefined}
                className={isCurrent && step !== "authorise" ? "button-primary" : undefined}
                disabled={!isCurrent || busy}
                onClick={() => void act(step, steps[step].run)}
              >
                {steps[step].button}
              </button>
              {note ? <StepOutcome note={note} bookings={step === "transactions" ? progress.bookings : undefined} /> : null}
            </li>
          );
        })}
      </ol>
      {progress.paymentId ? <LifecycleDiagram current={(held ?? progress.status) as TransactionStatus | undefined} label="Where your payment is" /> : null}
      {stuck ? (
        <p role="alert" className="panel panel-error">
          The payment is {progress.status}: it cannot be booked any more. Start again for a new one.
        </p>
      ) : null}
      <p className="form-actions">
        <button type="button" disabled={busy} onClick={restart}>
          Start again
        </button>
        {current === undefined ? <Link href="/sandbox/payments">See the payment in the sandbox explorer</Link> : null}
      </p>
    </section>
  );
}
