/** Runs the psd2-sandbox command line in the test's process, its output captured, against a server's address. */
import { runCli } from "./run";

export interface Ran {
  code: number | undefined;
  out: string;
  err: string;
}

export async function runCommand(argv: readonly string[], env: Record<string, string | undefined> = {}, signal?: AbortSignal): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    io: {
      out: (line) => {
        out.push(line);
      },
      err: (line) => {
        err.push(line);
      },
    },
    env,
    ...(signal === undefined ? {} : { signal }),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}
