/** Where the standalone server listens unless told otherwise. */
export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = "127.0.0.1";

/**
 * How much traffic a sandbox of the server keeps (decision 0055; --traffic-max-records, --traffic-max-mib): the newest
 * 10,000 requests within 64 MiB of stored JSON, oldest dropped first. A record keeps at most 16 KiB of each body, so
 * 10,000 records of payment creations (about 3 KiB each) fit the bytes several times over.
 */
export const DEFAULT_TRAFFIC_LIMITS = { maxRecords: 10_000, maxBytes: 64 * 1024 * 1024 } as const;
