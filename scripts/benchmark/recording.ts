/**
 * What the traffic record costs the server (issue 26 point 7, decisions 0055 and 0064): two server processes on
 * SQLite files, one recording every request (the default) and one started with --traffic-max-records 0. After the
 * same warm-up, each kind of request is measured in a phase of its own, in rounds that alternate which server goes
 * first, each round the same requests to both: first the signed creations, then the signed 50-row reads (measured
 * together round by round, a read's record, two database pages, left the log's checkpoint to a creation round). The
 * figure is the median of the rounds' shares (the recording server's rate over the other's in the same round), so the
 * machine's noise, which moves whole rounds, falls on both sides of each share. Beside it, the same for the CPU each
 * server's event loop spent per request (decision 0065), which moves less with the machine's load.
 */
import { mainThreadCpu } from "./process-cpu";
import { runLoad, type LoadRequest, type LoadResult } from "./load";
import { CONCURRENCY, WARM_UP, benchParties, medianRound, signedCreations, signedReads, startServerProcess, type RunningServer } from "./server";
import { percentile } from "./stats";

export interface RecordingFigureOptions {
  requestsPerRound: number;
  rounds: number;
  maxSeconds: number;
}

type Servers = Record<"recording" | "without", RunningServer>;

/**
 * One kind's rounds on both servers, alternating which goes first: each server's median round, each round's share,
 * and each round's ratio of the event loop's CPU per request (recording over without). The event loop bounds a
 * server's rate, and its CPU moves far less with the machine's load than wall time does (decision 0065): the ratio
 * tells a change of a few per cent where the shares cannot.
 */
async function phase(servers: Servers, requests: readonly LoadRequest[], rounds: number, status: number, maxSeconds: number) {
  const perRound = Math.floor(requests.length / rounds);
  const results = { recording: [] as LoadResult[], without: [] as LoadResult[] };
  const cpu = { recording: [] as number[], without: [] as number[] };
  for (let index = 0; index < rounds; index++) {
    const sent = requests.slice(index * perRound, (index + 1) * perRound);
    const order = index % 2 === 0 ? (["recording", "without"] as const) : (["without", "recording"] as const);
    for (const name of order) {
      const before = mainThreadCpu(servers[name].eventLoopPid);
      const result = await runLoad(sent, { origin: servers[name].origin, concurrency: CONCURRENCY, maxSeconds, ok: (answered) => answered === status });
      const after = mainThreadCpu(servers[name].eventLoopPid);
      results[name].push(result);
      cpu[name].push(before === undefined || after === undefined || result.ok === 0 ? NaN : (after - before) / result.ok);
    }
  }
  const ratio = (numerator: number, denominator: number | undefined) => Math.round((numerator / (denominator ?? NaN)) * 1000) / 1000;
  const shares = results.recording.map((result, index) => ratio(result.requestsPerSecond, results.without[index]?.requestsPerSecond));
  const cpuRatios = cpu.recording.map((seconds, index) => ratio(seconds, cpu.without[index]));
  const median = (values: readonly number[]) => percentile(values.filter(Number.isFinite), 50);
  const microseconds = (seconds: readonly number[]) => Math.round(median(seconds) * 1e7) / 10;
  return {
    recording: medianRound(results.recording),
    without: medianRound(results.without),
    shares,
    share: median(shares),
    cpuRatios,
    cpuRatio: median(cpuRatios),
    eventLoopUs: { recording: microseconds(cpu.recording), without: microseconds(cpu.without) },
  };
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
    const servers = { recording, without: silent };
    const creations = await phase(servers, creates.slice(WARM_UP.creations), options.rounds, 201, options.maxSeconds);
    const read50 = await phase(servers, reads.slice(WARM_UP.reads), options.rounds, 200, options.maxSeconds);
    return {
      recording: { read50: read50.recording, createPayment: creations.recording },
      withoutRecording: { read50: read50.without, createPayment: creations.without },
      recordingShare: { read50: read50.share, createPayment: creations.share },
      roundShares: { read50: read50.shares, createPayment: creations.shares },
      eventLoopCpuRatio: { read50: read50.cpuRatio, createPayment: creations.cpuRatio },
      roundCpuRatios: { read50: read50.cpuRatios, createPayment: creations.cpuRatios },
      eventLoopUsPerRequest: { read50: read50.eventLoopUs, createPayment: creations.eventLoopUs },
    };
  } finally {
    await Promise.all([recording.stop(), silent.stop()]);
  }
}
