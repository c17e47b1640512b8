/**
 * The hosted server's batch schedule: every tenant has its own clock and batch times, so each tick
 * catches up the due runs of a slice of the tenants (every process on the database sees every
 * tenant; the batch lock of each tenant's schema keeps each run to one process). The slice bounds a
 * tick's work; the next tick goes on where this one stopped, so every tenant comes round in turn.
 */
import { catchUpToNow } from "../../batch/runner";
import { describeRun, repeatedCatchUp, type BatchTimer, type TimerOptions } from "../batch-timer";
import type { TenantSandboxes } from "./tenant-sandboxes";
import { storeUnavailableOf } from "../../store/unavailable";

/** Tenants caught up per tick: with the 30 s tick, 1000 tenants come round in 25 minutes at worst. */
export const TENANTS_PER_TICK = 20;

export function startTenantBatches(tenants: TenantSandboxes, options: TimerOptions & { perTick?: number } = {}): BatchTimer {
  const perTick = options.perTick ?? TENANTS_PER_TICK;
  let after = ""; // the last key caught up: the next tick starts past it

  async function tick(): Promise<void> {
    const keys = await tenants.keys();
    const start = keys.findIndex((key) => key > after);
    const ordered = start < 0 ? keys : [...keys.slice(start), ...keys.slice(0, start)];
    for (const key of ordered.slice(0, perTick)) {
      const previous = after;
      after = key;
      try {
        const reports = (await tenants.useExisting(key, (sandbox) => catchUpToNow(sandbox.env))) ?? [];
        for (const report of reports) if (report.settled.length + report.rejected.length > 0) options.log?.(`tenant ${key}: ${describeRun(report)}`);
      } catch (error) {
        // Storage that cannot serve fails every tenant alike: the tick ends here, and the next one starts at this tenant.
        if (storeUnavailableOf(error)) {
          after = previous;
          throw error;
        }
        // One tenant's failure (its schema dropped by an operator, say) does not stop the others' runs.
        options.log?.(`tenant ${key}: batch catch-up failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  return repeatedCatchUp(tick, options);
}
