import { expect, test } from "vitest";
import { failureLog, QUIET_MS } from "./failure-log";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:5432"), { code: "ECONNREFUSED" });

test("an outage is logged once per reason and quiet period, with the driver's text and how many more were answered 503; a bug each time", () => {
  const lines: string[] = [];
  let now = 0;
  const report = failureLog(
    (line) => lines.push(line),
    () => now,
  );
  for (let request = 0; request < 1_000; request++) report(refused(), "GET /v1/payments/x/status");
  expect(lines).toEqual(["storage unavailable (unreachable), answered 503 to GET /v1/payments/x/status: connect ECONNREFUSED 10.0.0.7:5432 (ECONNREFUSED)"]);
  now += QUIET_MS;
  report(refused(), "POST /__sandbox/reset");
  expect(lines[1]).toMatch(
    /^storage unavailable \(unreachable\), answered 503 to POST \/__sandbox\/reset: .* \(and 999 more answered 503 since the last line\)$/,
  );
  report(new TypeError("x is undefined"), "GET /");
  report(new TypeError("x is undefined"), "GET /");
  expect(lines.slice(2).map((line) => line.split("\n")[0])).toEqual(["error GET /: TypeError: x is undefined", "error GET /: TypeError: x is undefined"]);
});
