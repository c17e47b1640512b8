/** The stored certificates, each with what the portal shows of it. */
import { queryOptions } from "@tanstack/react-query";
import { describeCredential, listCredentials } from "../../lib/credentials";
import type { StoredCredential } from "../../lib/portal-db";
import { portalKeys } from "../../lib/query-keys";

export type CertificateDetails = Awaited<ReturnType<typeof describeCredential>>;

export interface DescribedCredential {
  credential: StoredCredential;
  /** Undefined when the stored PEM cannot be read any more; `problem` says why. */
  details?: CertificateDetails;
  problem?: string;
}

export const credentialKeys = {
  all: portalKeys.credentials,
  described: () => [...portalKeys.credentials(), "described"] as const,
};

/** Oldest first, the order activeCredential reads them in. */
export const describedCredentialsQuery = () =>
  queryOptions({
    queryKey: credentialKeys.described(),
    queryFn: async (): Promise<DescribedCredential[]> => {
      const credentials = await listCredentials();
      return Promise.all(
        credentials.map(async (credential) => {
          try {
            return { credential, details: await describeCredential(credential) };
          } catch (error) {
            return { credential, problem: error instanceof Error ? error.message : String(error) };
          }
        }),
      );
    },
  });
