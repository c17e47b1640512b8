// `npm run sandbox` as a child process for a spec: on a port the system picks (port 0), so specs
// running at once in several Playwright workers, or beside another checkout's run, never collide.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

export interface SandboxProcess {
  /** http://127.0.0.1:port, read from the server's banner. */
  url: string;
  stop(): void;
}

const BANNER = /PSD2 sandbox(?: \([^)]*\))? listening on (http:\/\/\S+)/;

/** Starts mocks/server.ts (what `npm run sandbox -- …args` runs, without npm's dependency check) and waits for its banner. */
export async function startSandboxProcess(args: readonly string[] = [], timeoutMs = 60_000): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "mocks/server.ts", "--port", "0", ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => child.kill();
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The sandbox server printed no banner within ${String(timeoutMs)} ms.`));
    }, timeoutMs);
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    lines.on("line", (line) => {
      const found = BANNER.exec(line);
      if (!found?.[1]) return;
      clearTimeout(timer);
      // Keep draining stdout so the server never blocks on a full pipe.
      resolve(found[1]);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The sandbox server exited (${String(code)}) before it listened.`));
    });
  });
  return { url, stop };
}
