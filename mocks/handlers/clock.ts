import { sandboxTime, type SandboxTime } from "../domain/clock";
import type { ReadTx } from "../store/port";
import type { SandboxEnv } from "./types";

/** The sandbox's time inside a storage transaction: the offset is read from the store, so tabs agree. */
export async function timeIn(tx: ReadTx, env: SandboxEnv): Promise<SandboxTime> {
  return sandboxTime(env.realNow(), await tx.meta("clockOffsetMs"));
}
