import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cpuBetween, descendantsCpu } from "./process-cpu";

describe.runIf(existsSync("/proc/self/stat"))("descendantsCpu", () => {
  it("counts the CPU a child process spends, and nothing for a child that sleeps", async () => {
    const run = async (script: string) => {
      const before = descendantsCpu();
      const child = spawn(process.execPath, ["-e", script]);
      // Read just before it exits: a process that has ended is no longer below this one.
      const after = await new Promise<ReturnType<typeof descendantsCpu>>((resolve) => {
        child.stdout.once("data", () => {
          resolve(descendantsCpu());
          child.stdin.end();
        });
      });
      await new Promise((resolve) => child.once("exit", resolve));
      return cpuBetween(before, after);
    };
    // Busy until it has itself used 0.4 s of CPU, however long a loaded machine takes to give it that.
    const busy = await run("while (process.cpuUsage().user < 400_000); console.log('done'); process.stdin.resume();");
    const idle = await run("setTimeout(() => { console.log('done'); process.stdin.resume(); }, 400);");
    expect(busy?.total).toBeGreaterThanOrEqual(0.3);
    expect(idle?.total).toBeLessThan(busy?.total ?? 0);
  });
});
