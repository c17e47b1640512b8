/**
 * node:crypto's synchronous SHA hash of a body, for the server (src/signing/digest.ts): the same
 * bytes as WebCrypto's, without a job on the thread pool per request.
 */
import { createHash } from "node:crypto";
import type { BodyHasher } from "../../src/signing/digest";

export const nodeBodyHasher: BodyHasher = (algorithm, bytes) =>
  createHash(algorithm === "SHA-256" ? "sha256" : "sha512")
    .update(bytes)
    .digest();
