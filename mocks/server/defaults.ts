/** Where the standalone server listens unless told otherwise. */
export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = "127.0.0.1";
