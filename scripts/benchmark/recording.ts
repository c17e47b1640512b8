/**
 * What the traffic record costs the server (issue 26 point 7, decision 0055): two server processes on SQLite files,
 * one recording every request (the default) and one started with --traffic-max-records 0, measured in alternating
 * rounds with the same signed reads and payment creations (throughputBeside), so the machine's noise falls on both.
 * The figure is the recording server's rate as a share of the other's.
 */
import { WARM_UP, benchParties, signedCreations, signedReads, startServerProcess, throughputBeside } from "./server";

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
    return { ...besides, recordingShare: { read50: share("read50"), createPayment: share("createPayment") } };
  } finally {
    await Promise.all([recording.stop(), silent.stop()]);
  }
}
