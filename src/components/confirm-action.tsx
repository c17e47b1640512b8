/** A button whose action replaces data: a second, explicit step asks before it happens. */
import { useEffect, useRef, useState, type ReactNode } from "react";

interface ConfirmActionProps {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}

export function ConfirmAction({ label, question, confirmLabel, busy, onConfirm }: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
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
    <div className="confirm panel" role="group" aria-label={`Confirm: ${label}`}>
      <p>{question}</p>
      <div className="form-actions">
        <button
          ref={confirmRef}
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
        <button
          type="button"
          onClick={() => {
            setAsking(false);
            setReturnFocus(true);
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
