/**
 * `psd2-sandbox report [--tpp FINGERPRINT] [--since INSTANT]`: the client report over the recorded traffic (GET
 * /__sandbox/report); exit status 1 when a check fails (a CI gate).
 */
import type { ClientReport } from "../../src/contract/traffic";
import type { Command } from "../command";
import { CommandError } from "../sandbox-client";

const MARK = { pass: "pass", fail: "FAIL", untested: "untested" } as const;

export function reportLines(report: ClientReport): string[] {
  const counts = { pass: 0, fail: 0, untested: 0 };
  for (const check of report.checks) counts[check.status]++;
  return [
    `client report for ${report.tpp ?? "every client"}: ${String(report.requests)} recorded requests${report.since === null ? "" : ` since ${report.since}`}` +
      (report.truncated ? " (the newest only: ask with --since for older ones)" : ""),
    ...report.checks.map(
      (check) =>
        `${MARK[check.status].padEnd(8)} ${check.title} (${check.source})${check.status === "pass" ? "" : `: ${check.detail}`}` +
        (check.status === "fail" && check.evidence.length
          ? ` [requests ${check.evidence.slice(0, 5).join(", ")}${check.evidence.length > 5 ? ", …" : ""}]`
          : ""),
    ),
    `${String(counts.pass)} passed, ${String(counts.fail)} failed, ${String(counts.untested)} untested`,
  ];
}

export const report: Command = {
  spec: {
    usage: "psd2-sandbox report [--tpp FINGERPRINT] [--since INSTANT]",
    help:
      "Prints the client report: each check of the recorded traffic against the interface's rules, passed, failed (with\n" +
      "the requests that show it) or untested. Exits 1 when a check failed, so a CI job can gate on it. --tpp: one\n" +
      "client's report (the SHA-256 fingerprint of its certificate, as `openssl x509 -noout -fingerprint -sha256` prints it);\n" +
      "--since: only requests from this instant on (ISO 8601, such as 2026-11-27T10:00:00Z), a test run's own.",
    values: ["--tpp", "--since"],
  },
  async run({ command, client, print }) {
    if (command.positionals.length > 0) throw new CommandError(`Unexpected ${JSON.stringify(command.positionals[0])}: ${report.spec.usage}.`, 2);
    const tpp = command.values.get("--tpp")?.[0];
    const since = command.values.get("--since")?.[0];
    const answer = await client.control("sandboxReport", { query: { tpp, since } });
    print(answer, () => reportLines(answer));
    return answer.checks.some((check) => check.status === "fail") ? 1 : 0;
  },
};
