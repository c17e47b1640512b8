import type { SandboxStore } from "./port";

/**
 * A sandbox never used and never reset: no batch has ever run and there are no customers. Such a
 * sandbox starts with the fixed data (browser and standalone server alike), so there is something
 * to explore and the portal's example requests work at once; a reset one stays empty.
 */
export const isBrandNew = (store: SandboxStore): Promise<boolean> =>
  store.read(async (tx) => (await tx.meta("lastBatchRunAt")) === undefined && (await tx.customers()).length === 0);
