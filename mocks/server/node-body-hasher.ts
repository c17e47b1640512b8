/**
 * node:crypto's synchronous SHA hash of a body, which the server passes to its checks (src/signing/digest.ts): the same
 * bytes as WebCrypto's, without a job on the thread pool per request. And the same hashes taken
 * while a body streams in, chunk by chunk, so a large body is never hashed in one long turn of the
 * event loop after it has arrived.
 */
import { createHash, type Hash } from "node:crypto";
import { parseDigestHeader, type BodyHasher, type HashedBody } from "../../src/signing/digest";
import type { DigestAlgorithm } from "../../src/signing/types";

const nodeName = (algorithm: DigestAlgorithm) => (algorithm === "SHA-256" ? "sha256" : "sha512");

export const nodeBodyHasher: BodyHasher = (algorithm, bytes) => createHash(nodeName(algorithm)).update(bytes).digest();

export interface StreamingHash {
  update: (chunk: Uint8Array) => void;
  /** The length and the digests (as a Digest header writes them) of everything given to update. */
  finish: () => HashedBody;
}

/** Hashes a body as it comes, by each algorithm of the Digest header that the sandbox checks (none: it only counts). */
export function streamingHash(digestHeader: string | null | undefined): StreamingHash {
  const algorithms = new Set((digestHeader ? (parseDigestHeader(digestHeader) ?? []) : []).flatMap((entry) => (entry.algorithm ? [entry.algorithm] : [])));
  const hashes = [...algorithms].map((algorithm): [DigestAlgorithm, Hash] => [algorithm, createHash(nodeName(algorithm))]);
  let length = 0;
  return {
    update: (chunk) => {
      length += chunk.length;
      for (const [, hash] of hashes) hash.update(chunk);
    },
    finish: () => ({ length, digests: Object.fromEntries(hashes.map(([algorithm, hash]) => [algorithm, `${algorithm}=${hash.digest("base64")}`])) }),
  };
}
