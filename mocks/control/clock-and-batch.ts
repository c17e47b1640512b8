/** /__sandbox/clock and /__sandbox/batch: the sandbox clock, and the batch runs it drives. */
import type { AdvanceClock, BatchTimes, ScaWindow } from "../../src/contract/control-schemas";
import { tppError } from "../../src/contract/tpp-messages";
import type { z } from "zod";
import { batchRunsBetween, batchTimeProblems, nextBatchRun, DEFAULT_BATCH_TIMES } from "../domain/calendar/batch-schedule";
import { advancedOffset } from "../domain/clock";
import { MAX_CLOCK_OFFSET_MS } from "../store/records";
import { catchUpBatches, catchUpToNow, runBatchNow } from "../batch/runner";
import { sandboxNow, scaWindowIn, timeIn } from "../env/sandbox-time";
import type { SandboxEnv } from "../env/sandbox-env";
import { errorAnswer, type Answer } from "../env/answer";
import { answerWith } from "./answer";

const MAX_ADVANCE_DAYS = 3660;
const MAX_ADVANCE_MS = MAX_ADVANCE_DAYS * 86_400_000;

const DAY_MS = 86_400_000;

export async function clockState(env: SandboxEnv) {
  const { offset, time, last, times, scaWindowMinutes } = await env.store.read(async (tx) => ({
    offset: await tx.meta("clockOffsetMs"),
    time: await timeIn(tx, env),
    last: await tx.meta("lastBatchRunAt"),
    times: await tx.meta("batchTimes"),
    scaWindowMinutes: await scaWindowIn(tx),
  }));
  const batchTimes = times ?? [...DEFAULT_BATCH_TIMES];
  // The store keeps how far the schedule has been worked through; the last run is the last scheduled instant up to there.
  const lastRun = last === undefined ? undefined : batchRunsBetween(last - 14 * DAY_MS, last, { times: batchTimes }).at(-1);
  return {
    now: new Date(time.now).toISOString(),
    today: time.today,
    offsetMs: offset ?? 0,
    lastBatchRunAt: lastRun === undefined ? null : new Date(lastRun).toISOString(),
    nextBatchRunAt: new Date(nextBatchRun(time.now, { times: batchTimes })).toISOString(),
    batchTimes,
    scaWindowMinutes,
  };
}

export async function advanceClock(env: SandboxEnv, body: z.output<typeof AdvanceClock>): Promise<Answer> {
  const { days = 0, hours = 0, minutes = 0, to } = body;
  // Read and write the offset in one transaction: ten parallel {"hours":1} each read the same
  // offset and wrote it plus one hour, moving the clock 2-4 h instead of 10.
  const moved = await env.store.write(async (tx): Promise<{ ok: true; until: number } | { ok: false; answer: Answer }> => {
    const offset = await tx.meta("clockOffsetMs");
    const { now } = await timeIn(tx, env);
    const by = to === undefined ? ((days * 24 + hours) * 60 + minutes) * 60_000 : Date.parse(to) - now;
    if (!(by >= 0))
      return {
        ok: false,
        answer: errorAnswer([tppError("BAD_REQUEST", `The sandbox clock only moves forward; it is ${new Date(now).toISOString()} already.`, "to")]),
      };
    // As far as {"days": 3660} goes: catching up the batch runs of centuries took minutes (to: "2999-…" took 43 s).
    if (by > MAX_ADVANCE_MS)
      return {
        ok: false,
        answer: errorAnswer([
          tppError(
            "BAD_REQUEST",
            `The sandbox clock moves at most ${String(MAX_ADVANCE_DAYS)} days at a time; this would move it ${String(Math.ceil(by / 86_400_000))}.`,
            to === undefined ? undefined : "to",
          ),
        ]),
      };
    const advanced = advancedOffset(offset, by);
    if (advanced > MAX_CLOCK_OFFSET_MS)
      return {
        ok: false,
        answer: errorAnswer([
          tppError(
            "BAD_REQUEST",
            `The sandbox clock stays within ${String(MAX_CLOCK_OFFSET_MS / 86_400_000 / 365)} years of real time; this would move it past ${new Date(env.realNow() + MAX_CLOCK_OFFSET_MS).toISOString()}. Reset the sandbox to start again.`,
            to === undefined ? undefined : "to",
          ),
        ]),
      };
    await tx.putMeta("clockOffsetMs", advanced);
    return { ok: true, until: now + (advanced - (offset ?? 0)) };
  });
  if (!moved.ok) return moved.answer;
  const runs = await catchUpBatches(env, moved.until);
  return answerWith("advanceClock", { clock: await clockState(env), runs });
}

export async function runBatch(env: SandboxEnv): Promise<Answer> {
  const report = await runBatchNow(env, (await sandboxNow(env)).now);
  return answerWith("runBatch", { runs: [report], clock: await clockState(env) });
}

/** POST /__sandbox/batch/catch-up: the scheduled runs that are due, run now. */
export async function catchUpRoute(env: SandboxEnv): Promise<Answer> {
  const runs = await catchUpToNow(env);
  return answerWith("catchUpBatches", { runs, clock: await clockState(env) });
}

export async function setScaWindow(env: SandboxEnv, { minutes }: z.output<typeof ScaWindow>): Promise<Answer> {
  await env.store.write((tx) => tx.putMeta("scaWindowMinutes", minutes));
  return answerWith("setScaWindow", await clockState(env));
}

export async function setBatchTimes(env: SandboxEnv, { batchTimes }: z.output<typeof BatchTimes>): Promise<Answer> {
  const problems = batchTimeProblems(batchTimes);
  if (problems.length > 0) return errorAnswer(problems.map((problem) => tppError("FORMAT_ERROR", problem, "batchTimes")));
  await env.store.write((tx) => tx.putMeta("batchTimes", batchTimes));
  return answerWith("setBatchTimes", await clockState(env));
}
