import type { PeriodicPaymentRequest } from "../../src/contract/payments";
import { executionDates } from "./calendar/execution-dates";

/**
 * The next dates a standing order runs, from `today`. A date the calendar cannot place (a year
 * outside 1–9999) yields no dates rather than an error: this is shown information, not a check.
 */
export function upcomingExecutionDates(request: PeriodicPaymentRequest, today: string, count = 5): string[] {
  try {
    return executionDates(request, { from: today, count });
  } catch {
    return [];
  }
}
