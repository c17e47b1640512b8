/**
 * What the traffic record costs the server (issue 26 point 7, decisions 0055 and 0064): two server processes on
 * SQLite files, one recording every request (the default) and one started with --traffic-max-records 0. After the
 * same warm-up, each kind of request is measured in a phase of its own, in rounds that alternate which server goes
 * first, each round the same requests to both: first the signed creations, then the signed 50-row reads (measured
 * together round by round, a read's record, two database pages, left the log's checkpoint to a creation round). The
 * figure is the median of the rounds' shares (the recording server's rate over the other's in the same round), so the
 * machine's noise, which moves whole rounds, falls on both sides of each share.
 */
import { descendantsCpu } from "./process-cpu";
import { runLoad, type LoadRequest, type LoadResult } from "./load";
import { CONCURRENCY, WARM_UP, benchParties, medianRound, signedCreations, signedReads, startServerProcess, type RunningServer } from "./server";
import { percentile } from "./stats";

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

/** One kind's rounds on both servers, alternating which goes first: each server's median round, and each round's share. */
async function phase(servers: { recording: string; without: string }, requests: readonly LoadRequest[], rounds: number, status: number, maxSeconds: number) {
  const perRound = Math.floor(requests.length / rounds);
  const results = { recording: [] as LoadResult[], without: [] as LoadResult[] };
  for (let index = 0; index < rounds; index++) {
    const sent = requests.slice(index * perRound, (index + 1) * perRound);
    const order = index % 2 === 0 ? (["recording", "without"] as const) : (["without", "recording"] as const);
    for (const name of order)
      results[name].push(await runLoad(sent, { origin: servers[name], concurrency: CONCURRENCY, maxSeconds, ok: (answered) => answered === status }));
  }
  const shares = results.recording.map(
    (result, index) => Math.round((result.requestsPerSecond / (results.without[index]?.requestsPerSecond ?? NaN)) * 1000) / 1000,
  );
  return { recording: medianRound(results.recording), without: medianRound(results.without), shares, share: percentile(shares, 50) };
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
    for (const { origin } of [recording, silent]) {
      const warmUp = { origin, concurrency: CONCURRENCY, maxSeconds: options.maxSeconds, ok: () => true };
      await runLoad(reads.slice(0, WARM_UP.reads), warmUp);
      await runLoad(creates.slice(0, WARM_UP.creations), warmUp);
    }
    const servers = { recording: recording.origin, without: silent.origin };
    const creations = await phase(servers, creates.slice(WARM_UP.creations), options.rounds, 201, options.maxSeconds);
    const read50 = await phase(servers, reads.slice(WARM_UP.reads), options.rounds, 200, options.maxSeconds);
    // Then each alone, one after the other, twice (recording, without, without, recording): CPU per creation.
    const cpu: Awaited<ReturnType<typeof cpuPerCreation>>[] = [];
    for (const server of [recording, silent, silent, recording]) cpu.push(await cpuPerCreation(server, parties, 3000, options.maxSeconds));
    const perCreation = (runs: readonly (typeof cpu)[number][]) => runs.map((run) => run.cpuMsPerCreation);
    return {
      recording: { read50: read50.recording, createPayment: creations.recording },
      withoutRecording: { read50: read50.without, createPayment: creations.without },
      recordingShare: { read50: read50.share, createPayment: creations.share },
      roundShares: { read50: read50.shares, createPayment: creations.shares },
      cpuMsPerCreation: { recording: perCreation([cpu[0], cpu[3]].flatMap((run) => (run ? [run] : []))), withoutRecording: perCreation(cpu.slice(1, 3)) },
    };
  } finally {
    await Promise.all([recording.stop(), silent.stop()]);
  }
}
