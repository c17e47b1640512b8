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
import {
  clearProgress,
  currentStep,
  emptyProgress,
  isDone,
  isStuck,
  readProgress,
  saveProgress,
  stepIds,
  type Note,
  type Progress,
  type StepId,
} from "./progress";
import { approveHere, createAccounts, readAuthorisation, readTransactions, runBatch, sendPayment } from "./steps";
import "./first-payment.css";

const steps: Record<StepId, [title: string, what: string, button: string, run: (progress: Progress) => Promise<Progress>]> = {
  accounts: ["Create the accounts", "A payer and a payee, each with a NOK account (signed createSandboxAccount).", "Create two accounts", createAccounts],
  payment: ["Send a payment", "Your TPP initiates NOK 250 (signed createPayment); the bank answers RCVD and an SCA link.", "Send the payment", sendPayment],
  authorise: [
    "Authorise at the bank",
    "The payer approves on the bank page, which returns here; then your TPP reads the status.",
    "Check the status",
    readAuthorisation,
  ],
  batch: ["Run the batch", "A batch run books it: now, or after moving the sandbox clock to the next run if its date lies ahead.", "Run the batch", runBatch],
  transactions: ["See both transactions", "Each account's newest transaction (signed GET).", "Show the transactions", readTransactions],
};

function StepOutcome({ note }: { note: Note }) {
  return (
    <div className="step-outcome">
      <p className={note.ok ? "panel panel-ok" : "panel panel-error"}>{note.text}</p>
      <ul className="step-requests">
        {/* Lines may repeat (two batch runs on one day): their place tells them apart, and they are never reordered. */}
        {note.lines.map((line, index) => (
          <li key={`${String(index)} ${line}`}>
            <code>{line}</code>
          </li>
        ))}
      </ul>
      {note.exchangeId ? <Link href={`/history/${encodeURIComponent(note.exchangeId)}`}>Request and answer in History</Link> : null}
    </div>
  );
}

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
    setAnnouncement(`${steps[step][0]}: working…`);
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
    setAnnouncement(`${steps[step][0]}: ${next.notes[step]?.text ?? ""}${upNext && upNext !== step ? ` Next: ${steps[upNext][0]}.` : ""}`);
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
    setAnnouncement("Started again.");
  };
  const doneCount = stepIds.filter((step) => isDone(step, progress)).length;

  return (
    <section className="page first-payment">
      <PageTitle title="Your first payment">Your first payment</PageTitle>
      <p className="lead">
        Five steps, each done for real in the chosen sandbox ({sandboxName()}) with the signed requests your TPP sends (see <Link href="/history">History</Link>
        ). A reload keeps your place.
      </p>
      <p className="walkthrough-count">
        {String(doneCount)} of 5 steps done{current ? `; now: ${steps[current][0]}` : ": your first payment went through"}.
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
                {String(index + 1)}. {steps[step][0]}
                {isDone(step, progress) ? <span className="tag">done</span> : null}
              </h2>
              <p>{steps[step][1]}</p>
              {step === "authorise" && isCurrent && progress.scaLink ? (
                <p className="form-actions">
                  <a className="button button-primary" href={progress.scaLink} target="_blank" rel="noopener">
                    Open the bank page (new tab)
                  </a>
                  <button type="button" disabled={busy} onClick={() => void act("authorise", approveHere)}>
                    Approve here instead
                  </button>
                  <span className="field-hint">(the bank page&apos;s own control route, from this page)</span>
                </p>
              ) : null}
              <button
                type="button"
                ref={isCurrent ? nextButton : undefined}
                className={isCurrent && step !== "authorise" ? "button-primary" : undefined}
                disabled={!isCurrent || busy}
                onClick={() => void act(step, steps[step][3])}
              >
                {steps[step][2]}
              </button>
              {note ? <StepOutcome note={note} /> : null}
            </li>
          );
        })}
      </ol>
      {progress.paymentId ? <LifecycleDiagram current={(held ?? progress.status) as TransactionStatus | undefined} label="Where your payment is" /> : null}
      <p className="form-actions">
        <button type="button" disabled={busy} onClick={restart}>
          Start again
        </button>
        {current === undefined ? <Link href="/sandbox/payments">See the payment in the sandbox explorer</Link> : null}
      </p>
    </section>
  );
}
