import { describe, expect, it } from "vitest";
import type { ReportCheck } from "../../contract/traffic";
import { arrivalOf, basisText, tally } from "./report-words";

const check = (status: ReportCheck["status"]): ReportCheck => ({
  id: "signed-headers",
  title: "t",
  status,
  evidence: [],
  source: "spec 5",
  detail: "",
});

describe("the client report in words", () => {
  it("tallies the checklist", () => {
    expect(tally([check("pass"), check("pass"), check("fail"), check("untested")])).toBe("2 pass, 1 fails, 1 untested");
    expect(tally([check("fail"), check("fail")])).toBe("0 pass, 2 fail, 0 untested");
  });

  it("says what it was built from, and when older requests were left out", () => {
    expect(basisText({ requests: 0, since: null, truncated: false })).toBe("No recorded request yet: every check is untested.");
    expect(basisText({ requests: 12, since: "2026-11-27T09:00:00.000Z", truncated: false })).toBe(
      "Built from 12 recorded requests since 2026-11-27 10:00:00 (Oslo, real time).",
    );
    expect(basisText({ requests: 10_000, since: null, truncated: true })).toMatch(/oldest were left out/);
  });

  it("reads when a piece of evidence arrived from its id", () => {
    const at = Date.parse("2026-11-27T09:30:05.000Z");
    expect(arrivalOf(`${at.toString(16).padStart(16, "0")}-00000001abcd`)).toBe("2026-11-27 10:30:05");
    expect(arrivalOf("not-an-id")).toBeUndefined();
  });
});
