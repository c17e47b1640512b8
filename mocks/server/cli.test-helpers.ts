/** Test-only: the CLI (mocks/server.ts) as a child process, its output collected. */
import { spawn } from "node:child_process";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Runs `tsx mocks/server.ts …args`, with these variables added to the environment. Node itself is the child (tsx as its loader), not tsx's CLI
 * wrapper, so a signal (SIGKILL included) reaches the server's own process.
 */
export function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "mocks/server.ts", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((done) =>
    child.on("exit", (code) => {
      done(code);
    }),
  );
  const output = async (pattern: RegExp) => {
    for (let waited = 0; !pattern.test(stdout); waited += 50) {
      if (waited > 20_000 || child.exitCode !== null || child.signalCode !== null) throw new Error(`no ${String(pattern)} in output:\n${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return stdout;
  };
  /** The server's address from its startup banner. */
  const url = async () => {
    const banner = await output(/Stop with Ctrl\+C\./);
    const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
    if (found === undefined) throw new Error(`no address in the banner:\n${banner}`);
    return found;
  };
  return { child, exited, output, url, stdout: () => stdout, stderr: () => stderr };
}
