/**
 * A button whose action replaces data: a second, explicit step asks before it happens. The question starts on Cancel
 * (the safe answer, as an alert dialog does), and Escape cancels.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

interface ConfirmActionProps {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}

export function ConfirmAction({ label, question, confirmLabel, busy, onConfirm }: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  const questionId = useId();
  const cancel = () => {
    setAsking(false);
    setReturnFocus(true);
  };

  useEffect(() => {
    if (asking) cancelRef.current?.focus();
    else if (returnFocus) openRef.current?.focus();
  }, [asking, returnFocus]);

  if (!asking)
    return (
      <button
        ref={openRef}
        type="button"
        disabled={busy}
        onClick={() => {
          setAsking(true);
        }}
      >
        {label}
      </button>
    );
  return (
    <div
      className="confirm panel"
      role="group"
      aria-label={`Confirm: ${label}`}
      aria-describedby={questionId}
      onKeyDown={(event) => {
        if (event.key === "Escape") cancel();
      }}
    >
      <p id={questionId}>{question}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button-primary"
          disabled={busy}
          onClick={() => {
            setAsking(false);
            setReturnFocus(true);
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
