import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Worker } from "node:worker_threads";
import { cpuBetween, descendantsCpu, mainThreadCpu } from "./process-cpu";

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

describe.runIf(existsSync("/proc/self/stat"))("mainThreadCpu", () => {
  it("counts what the main thread runs, not what another thread of the process runs", async () => {
    const spin = (seconds: number) => {
      const until = process.cpuUsage().user + seconds * 1e6;
      while (process.cpuUsage().user < until);
    };
    const before = mainThreadCpu(process.pid) ?? NaN;
    spin(0.3);
    const busy = (mainThreadCpu(process.pid) ?? NaN) - before;
    // A worker busy for 0.4 s of its own while this thread waits.
    const worker = new Worker(
      "const s = process.hrtime.bigint(); while (process.hrtime.bigint() - s < 400_000_000n); require('node:worker_threads').parentPort.postMessage('done');",
      {
        eval: true,
      },
    );
    const waiting = mainThreadCpu(process.pid) ?? NaN;
    await new Promise((resolve) => worker.once("message", resolve));
    const whileWorkerRan = (mainThreadCpu(process.pid) ?? NaN) - waiting;
    await worker.terminate();
    expect(busy).toBeGreaterThanOrEqual(0.2);
    expect(whileWorkerRan).toBeLessThan(0.2);
  });
});
