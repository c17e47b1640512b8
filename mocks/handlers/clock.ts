import { sandboxTime, type SandboxTime } from "../domain/clock";
import type { ReadTx } from "../store/port";
import type { SandboxEnv } from "./types";

/** The sandbox's time inside a storage transaction: the offset is read from the store, so tabs agree. */
export async function timeIn(tx: ReadTx, env: SandboxEnv): Promise<SandboxTime> {
  const offset = (await tx.meta("clockOffsetMs")) ?? 0;
  env.lastClockOffsetMs = offset;
  return sandboxTime(env.realNow(), offset);
}

/** The sandbox's time now, in a read of its own. */
export const sandboxNow = (env: SandboxEnv): Promise<SandboxTime> => env.store.read((tx) => timeIn(tx, env));
