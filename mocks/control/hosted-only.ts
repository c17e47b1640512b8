/** The answer of a hosted-only control route (a tenant's keys) on a sandbox that has no tenants. */
import { failure, type Answer } from "../env/answer";

export const hostedOnly = (): Promise<Answer> =>
  Promise.resolve(
    failure(
      "RESOURCE_UNKNOWN",
      "Keys are bound to a TPP's sandbox only on a hosted server (--multi-tenant); this sandbox has no tenants, and takes any well-formed certificate.",
    ),
  );
