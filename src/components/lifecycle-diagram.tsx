/**
 * The payment lifecycle as a picture and as a table, both from the contract's table: the SVG is for
 * the eye (dashed arrows are forced moves, the current status has a thick frame and the word "now"),
 * the table says the same in words for everyone, screen readers included.
 */
import { useId } from "react";
import { paymentTransitions, type LifecycleStatus } from "../contract/payment-lifecycle";
import type { TransactionStatus } from "../contract/codes";
import "./lifecycle-diagram.css";

const W = 90;
const H = 36;
/** Top-left corners: the way in on the left, the final statuses on the right. */
const place: Record<LifecycleStatus, [number, number]> = {
  RCVD: [24, 122],
  ACTC: [190, 30],
  PDNG: [190, 122],
  ACWC: [190, 214],
  ACSP: [360, 30],
  ACSC: [530, 30],
  RJCT: [530, 122],
  CANC: [530, 214],
};
/** Moves that would cross a box if drawn straight bend around it (pixels off the straight line). */
const bends: Record<string, number> = { "RCVD→RJCT": -110, "ACTC→ACSC": -70 };

const isPlaced = (status: TransactionStatus | null): status is LifecycleStatus => status !== null && status in place;

function edgePath(from: LifecycleStatus, to: LifecycleStatus): string {
  const [fx, fy] = place[from];
  const [tx, ty] = place[to];
  // Same column: from the lower edge down to the upper edge of the box below.
  if (fx === tx) return `M${String(fx + W / 2)},${String(fy + H)} L${String(tx + W / 2)},${String(ty)}`;
  const x1 = fx + W;
  const y1 = fy + H / 2;
  const x2 = tx - 4;
  const y2 = ty + H / 2;
  const bend = bends[`${from}→${to}`] ?? 0;
  return `M${String(x1)},${String(y1)} Q${String((x1 + x2) / 2)},${String((y1 + y2) / 2 + bend)} ${String(x2)},${String(y2)}`;
}

/** One arrow per pair of statuses: forced only when no bank rule makes the same move. */
function edges() {
  const seen = new Map<string, { from: LifecycleStatus; to: LifecycleStatus; forced: boolean }>();
  for (const transition of paymentTransitions) {
    if (!isPlaced(transition.from) || !isPlaced(transition.to)) continue;
    const key = `${transition.from}→${transition.to}`;
    const forced = transition.kind === "forced" && (seen.get(key)?.forced ?? true);
    seen.set(key, { from: transition.from, to: transition.to, forced });
  }
  return [...seen.entries()];
}

export function LifecycleDiagram({ current, label = "Payment lifecycle" }: { current?: TransactionStatus | undefined; label?: string }) {
  const id = useId();
  const now = current && isPlaced(current) ? current : undefined;
  return (
    <figure className="lifecycle" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        {label}
        {current ? (
          <>
            : now <strong className="lifecycle-now">{current}</strong>
          </>
        ) : null}
      </figcaption>
      <svg viewBox="0 0 640 270" className="lifecycle-svg" aria-hidden="true" focusable="false">
        <defs>
          <marker id={`${id}-arrow`} viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L8,4 L0,8 z" className="lifecycle-head" />
          </marker>
        </defs>
        <path
          d={`M0,${String(place.RCVD[1] + H / 2)} L${String(place.RCVD[0] - 4)},${String(place.RCVD[1] + H / 2)}`}
          className="lifecycle-edge"
          markerEnd={`url(#${id}-arrow)`}
        />
        {edges().map(([key, edge]) => (
          <path key={key} d={edgePath(edge.from, edge.to)} className={`lifecycle-edge${edge.forced ? " forced" : ""}`} markerEnd={`url(#${id}-arrow)`} />
        ))}
        {Object.entries(place).map(([status, [x, y]]) => (
          <g key={status} className={`lifecycle-state${status === now ? " now" : ""}`}>
            <rect x={x} y={y} width={W} height={H} rx={6} />
            <text x={x + W / 2} y={y + H / 2 + 5} textAnchor="middle">
              {status === now ? `${status} · now` : status}
            </text>
          </g>
        ))}
      </svg>
      <p className="lifecycle-key muted">Solid arrows: the bank&apos;s own rules. Dashed: only when a scenario forces it. Periodic payments stop at ACTC.</p>
      <details className="lifecycle-words">
        <summary>The transitions in words</summary>
        <table>
          <caption className="visually-hidden">{label}: every transition</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Event</th>
              <th scope="col">To</th>
              <th scope="col">Made by</th>
            </tr>
          </thead>
          <tbody>
            {paymentTransitions.map((transition) => (
              <tr
                key={`${transition.from ?? ""}-${transition.to}-${transition.event}`}
                className={transition.from !== null && transition.from === now ? "from-now" : undefined}
              >
                <td>{transition.from ?? "—"}</td>
                <td>{transition.event}</td>
                <td>{transition.to}</td>
                <td>{transition.kind === "bank" ? "the bank" : "a scenario (forced)"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
