/**
 * Send and "send anyway": a bar that stays at the bottom of the screen while the form scrolls, so
 * Send sits in view beside the answer (and under the thumb on a phone). The ways to break the
 * signature on purpose are in the headers tab, beside what the signature covers.
 */
import type { Operation } from "../../contract/operations";
import { tamperings, type Tampering } from "../../lib/send";

interface Props {
  operation: Operation;
  ready: boolean;
  sending: boolean;
  sendAnyway: boolean;
  onSendAnyway: (value: boolean) => void;
}

export function FormActions({ operation, ready, sending, sendAnyway, onSendAnyway }: Props) {
  return (
    <div className="form-actions-bar">
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={sending || !ready}>
          {sending ? "Sending…" : ready ? `Send ${operation.method}` : "Waiting for the sandbox…"}
        </button>
        <label className="switch">
          <input
            type="checkbox"
            checked={sendAnyway}
            onChange={(event) => {
              onSendAnyway(event.target.checked);
            }}
          />{" "}
          Send anyway, even if invalid
        </label>
      </div>
    </div>
  );
}

/** `withBody`: whether the operation sends a body (a GET or DELETE has none to change). */
export function SignatureTampering({ tampering, onTampering, withBody }: { tampering: Tampering; onTampering: (value: Tampering) => void; withBody: boolean }) {
  return (
    <div className="tampering">
      <label htmlFor="tampering">Signature</label>
      <select
        id="tampering"
        value={tampering}
        onChange={(event) => {
          onTampering(event.target.value as Tampering);
        }}
        aria-describedby="tampering-hint"
      >
        {Object.entries(tamperings)
          .filter(([value]) => withBody || value !== "body")
          .map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
      </select>
      <p id="tampering-hint" className="field-hint">
        Break the request after signing to see how the bank explains a signature it refuses.
      </p>
    </div>
  );
}
