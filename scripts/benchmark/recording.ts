/**
 * What the traffic record costs the server (issue 26 point 7, decision 0055): two server processes on SQLite files,
 * one recording every request (the default) and one started with --traffic-max-records 0, measured in alternating
 * rounds with the same signed reads and payment creations (throughputBeside), so the machine's noise falls on both.
 * The figure is the recording server's rate as a share of the other's.
 */
import { descendantsCpu } from "./process-cpu";
import { runLoad } from "./load";
import { CONCURRENCY, WARM_UP, benchParties, signedCreations, signedReads, startServerProcess, throughputBeside, type RunningServer } from "./server";

/** CPU seconds the server used so far: the processes below its launcher (tsx starts node as a child); undefined without /proc. */
const cpuSeconds = (pid: number | undefined) => (pid === undefined ? undefined : descendantsCpu(pid)?.total);

/**
 * The server's CPU per signed creation, over `count` creations sent to it alone: on a shared machine wall time mostly
 * measures the load, the CPU a request costs far less (process-cpu.ts says the same of the browser).
 */
async function cpuPerCreation(server: RunningServer, parties: Awaited<ReturnType<typeof benchParties>>, count: number, maxSeconds: number) {
  const creates = await signedCreations(parties, count);
  const before = cpuSeconds(server.pid);
  const result = await runLoad(creates, { origin: server.origin, concurrency: CONCURRENCY, maxSeconds, ok: (status) => status === 201 });
  const after = cpuSeconds(server.pid);
  return { ok: result.ok, cpuMsPerCreation: before === undefined || after === undefined ? undefined : Math.round(((after - before) * 1e6) / result.ok) / 1000 };
}

export interface RecordingFigureOptions {
  requestsPerRound: number;
  rounds: number;
  maxSeconds: number;
}

export async function recordingFigures(options: RecordingFigureOptions) {
  const recording = await startServerProcess();
  const silent = await startServerProcess(undefined, ["--traffic-max-records", "0"]);
  try {
    // The fixed data is the same on both (deterministic), so one set of parties serves both.
    const parties = await benchParties(recording.origin);
    const measured = options.requestsPerRound * options.rounds;
    const reads = await signedReads(parties.reader, measured + WARM_UP.reads);
    const creates = await signedCreations(parties, measured + WARM_UP.creations);
    const besides = await throughputBeside(
      [
        { name: "recording", origin: recording.origin },
        { name: "withoutRecording", origin: silent.origin },
      ],
      reads,
      creates,
      options.rounds,
      options.maxSeconds,
    );
    const share = (kind: "read50" | "createPayment") => {
      const withIt = besides.recording?.[kind].requestsPerSecond ?? 0;
      const without = besides.withoutRecording?.[kind].requestsPerSecond ?? 1;
      return Math.round((withIt / without) * 1000) / 1000;
    };
    // Then each alone, one after the other, twice (recording, without, without, recording): CPU per creation.
    const cpu: Awaited<ReturnType<typeof cpuPerCreation>>[] = [];
    for (const server of [recording, silent, silent, recording]) cpu.push(await cpuPerCreation(server, parties, 3000, options.maxSeconds));
    const perCreation = (runs: readonly (typeof cpu)[number][]) => runs.map((run) => run.cpuMsPerCreation);
    return {
      ...besides,
      recordingShare: { read50: share("read50"), createPayment: share("createPayment") },
      cpuMsPerCreation: { recording: perCreation([cpu[0], cpu[3]].flatMap((run) => (run ? [run] : []))), withoutRecording: perCreation(cpu.slice(1, 3)) },
    };
  } finally {
    await Promise.all([recording.stop(), silent.stop()]);
  }
}
