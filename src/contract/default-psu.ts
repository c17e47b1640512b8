/**
 * Kari Nordmann's PSU-ID: the PSU the portal's forms start with until another is chosen, a
 * private customer of the sandbox's fixed data set (POST /v1/sandbox/initialize), who holds
 * accounts to pay from. The sandbox's fixed data and the portal's settings both read it from here.
 * Without imports, so the portal's first screen (its settings) takes it without the contract chunk.
 */
export const DEFAULT_PSU_ID = "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21";
