/** Bodies of the sandbox-only control routes, checked like any other input. */
import { z } from "zod";

export const AdvanceClock = z
  .strictObject({
    days: z.int().min(0).max(3660).optional(),
    hours: z.int().min(0).max(87_840).optional(),
    minutes: z.int().min(0).max(5_270_400).optional(),
    to: z.iso.datetime({ offset: true }).optional().meta({ description: "An instant to move the sandbox clock to (ISO 8601)." }),
  })
  .refine((body) => body.to !== undefined || (body.days ?? 0) + (body.hours ?? 0) + (body.minutes ?? 0) > 0, {
    error: 'Say how far to move the clock: {"days": 1}, {"hours": 3}, {"minutes": 30} or {"to": "2026-12-01T09:00:00+01:00"}.',
  });

export const ScaDecisionBody = z.strictObject({ decision: z.enum(["approve", "decline"]) });

export const BatchTimes = z.strictObject({
  batchTimes: z.array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Write times as HH:MM, such as 06:00." })).min(1).max(24),
});
