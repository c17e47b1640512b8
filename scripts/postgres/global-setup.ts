/**
 * The "postgres" suite's globalSetup (vitest.postgres.config.ts): one throwaway cluster for the
 * whole run, its URL given to the test files as inject("postgresUrl"); stopped and deleted at the end.
 */
import type { TestProject } from "vitest/node";
import { startThrowawayCluster } from "./throwaway-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set in the postgres suite only: the throwaway cluster the tests use. */
    postgresUrl?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startThrowawayCluster();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
