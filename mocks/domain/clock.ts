/**
 * The sandbox clock: real time plus an offset the user can only move forward. The offset is stored,
 * so every tab and the standalone server agree on the sandbox's "now".
 */
import { businessDateOf } from "./calendar/batch-schedule";

export interface SandboxTime {
  /** Sandbox time, epoch milliseconds. */
  now: number;
  /** The Oslo calendar date of `now`: the sandbox's "today". */
  today: string;
}

export function sandboxTime(realNow: number, offsetMs: number | undefined): SandboxTime {
  const now = realNow + (offsetMs ?? 0);
  return { now, today: businessDateOf(now) };
}

/** The new offset after moving the clock forward by `byMs`; the clock never goes back. */
export function advancedOffset(offsetMs: number | undefined, byMs: number): number {
  if (!Number.isFinite(byMs) || byMs < 0) throw new RangeError("The sandbox clock only moves forward.");
  return (offsetMs ?? 0) + Math.round(byMs);
}
