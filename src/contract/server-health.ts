/**
 * The standalone server's health answers, for a load balancer or an orchestrator (not part of the
 * interface, not in the in-browser sandbox): GET /healthz says the process answers, GET /readyz
 * whether it should be sent requests (its database answers and it is not shutting down).
 */
import { z } from "./zod";

export const Liveness = z.object({ status: z.literal("ok") });

export const Readiness = z.object({
  status: z.enum(["ready", "not-ready"]),
  /** Why not, in words an operator acts on. */
  reason: z.string().optional(),
});
export type Readiness = z.infer<typeof Readiness>;

export const HEALTH_PATHS = { live: "/healthz", ready: "/readyz" } as const;
