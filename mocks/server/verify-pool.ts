/**
 * Signature checks on worker threads. A signed payment creation spent about a quarter of the
 * server's one thread checking its signature (parsing, the digest, RSA): here that work runs beside
 * it, on the cores the event loop does not use, and the event loop goes on with other requests
 * (docs/standalone-server.md, "Throughput"; decision 0043).
 *
 * A worker that fails (it should not: verifyRequest never throws) is not replaced: the checks it
 * had are made on the server's own thread, and so are later ones once no worker is left.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { verifyRequest, type VerifyResult } from "../../src/signing/index";
import type { RequestVerifier } from "../env/sandbox-env";
import { nodeBodyHasher } from "./node-body-hasher";
import { nodeRsaVerifier } from "./node-rsa-verifier";

/** What a worker is asked: one request to check, the clock its certificate's validity is read against. */
export interface VerifyJob {
  id: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  nowMs: number;
  /** The body is not read yet: its Digest's value is compared later (verifyRequest's deferBodyDigest). */
  deferBodyDigest?: boolean;
}

export interface VerifyReply {
  id: number;
  result: VerifyResult;
}

export interface VerifyPool {
  verify: RequestVerifier;
  /** Ends the workers; a check still waiting is made on this thread. */
  close: () => Promise<void>;
}

/**
 * How far a checking thread yields to the event loop (a nice value). Woken by a job, a checker at
 * the event loop's priority often took the event loop's core from it, and every request waited:
 * about 300 preemptions a second at 1,400 creations/s on two cores. At +10 it takes a core the
 * event loop leaves free (decision 0044).
 */
export const CHECKER_NICENESS = 10;

/** One thread for the event loop, the others for checks (at most four; none on one core, where a worker would only take turns with the event loop). */
export const defaultVerifyWorkers = (): number => Math.max(0, Math.min(4, availableParallelism() - 1));

interface Member {
  worker: Worker;
  pending: Map<number, { job: VerifyJob; resolve: (result: VerifyResult) => void }>;
  alive: boolean;
}

/**
 * Jobs and replies cross as JSON text: V8's structured clone of a request's headers cost the event
 * loop more than a fifth of the check it handed over; a string is copied whole.
 */
function parseReply(text: string): VerifyReply {
  const reply = JSON.parse(text) as VerifyReply;
  const { result } = reply;
  // The certificate's dates travel as ISO text.
  if (result.ok) {
    const { notBefore, notAfter } = result.certificate as unknown as { notBefore: string; notAfter: string };
    return { id: reply.id, result: { ...result, certificate: { ...result.certificate, notBefore: new Date(notBefore), notAfter: new Date(notAfter) } } };
  }
  return reply;
}

/**
 * A check on this thread with node:crypto's RSA check and body hash (the same answers as WebCrypto's, without a job
 * on the thread pool per request): what the server checks with when it is not busy, and what each worker runs.
 */
export const verifyHere: RequestVerifier = (request, now, options) =>
  verifyRequest(request, { now, ...options, rsaVerifier: nodeRsaVerifier, bodyHasher: nodeBodyHasher });

/** The job's check, on whichever thread runs it. */
export const verifyJob = (job: VerifyJob): Promise<VerifyResult> =>
  verifyHere(
    { method: job.method, url: job.url, headers: job.headers, body: job.body },
    new Date(job.nowMs),
    job.deferBodyDigest ? { deferBodyDigest: true } : {},
  );
const inline = verifyJob;

/** `entry`: the worker's module (tests give one that fails). */
export function createVerifyPool(
  size: number = defaultVerifyWorkers(),
  onWorkerLost?: (error: unknown) => void,
  entry: URL = new URL("./verify-worker-entry.mjs", import.meta.url),
): VerifyPool {
  let nextId = 0;
  const members: Member[] = [];

  const lose = (member: Member, error: unknown) => {
    if (!member.alive) return;
    member.alive = false;
    onWorkerLost?.(error);
    for (const { job, resolve } of member.pending.values()) void inline(job).then(resolve);
    member.pending.clear();
  };

  for (let index = 0; index < size; index++) {
    const worker = new Worker(entry, { workerData: { niceness: CHECKER_NICENESS } });
    const member: Member = { worker, pending: new Map(), alive: true };
    worker.unref(); // an idle checker never keeps the process alive
    worker.on("message", (text: string) => {
      const reply = parseReply(text);
      const waiting = member.pending.get(reply.id);
      member.pending.delete(reply.id);
      waiting?.resolve(reply.result);
    });
    worker.on("error", (error) => {
      lose(member, error);
    });
    worker.on("exit", (code) => {
      lose(member, new Error(`A signature-checking worker stopped (exit code ${String(code)}).`));
    });
    members.push(member);
  }

  /** The live worker with the fewest checks waiting. */
  const pick = (): Member | undefined => {
    let best: Member | undefined;
    for (const member of members) if (member.alive && (best === undefined || member.pending.size < best.pending.size)) best = member;
    return best;
  };

  return {
    verify: (request, now, options) => {
      const job: VerifyJob = {
        id: nextId++,
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: request.body,
        nowMs: now.getTime(),
        ...(options?.deferBodyDigest ? { deferBodyDigest: true } : {}),
      };
      const member = pick();
      if (member === undefined) return inline(job);
      return new Promise<VerifyResult>((resolve) => {
        member.pending.set(job.id, { job, resolve });
        member.worker.postMessage(JSON.stringify(job));
      });
    },
    close: async () => {
      const running = members.filter((member) => member.alive);
      for (const member of running) member.alive = false;
      await Promise.all(
        running.map(async (member) => {
          const waiting = [...member.pending.values()];
          member.pending.clear();
          await member.worker.terminate();
          for (const { job, resolve } of waiting) void inline(job).then(resolve);
        }),
      );
    },
  };
}

let shared: VerifyPool | undefined;

/**
 * The process's pool, started by the first server that asks and kept until the process ends (its
 * threads never keep the process alive). Tests start many servers in one process: each would
 * otherwise wait for new threads to load the signing code.
 */
export function sharedVerifyPool(size: number, onWorkerLost?: (error: unknown) => void): VerifyPool {
  shared ??= createVerifyPool(size, onWorkerLost);
  return shared;
}
