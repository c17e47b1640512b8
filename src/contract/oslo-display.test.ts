import { describe, expect, it } from "vitest";
import { formatOslo, osloInputValue, osloWallToIso } from "./oslo-time";

describe("formatOslo", () => {
  it("shows an instant in Oslo time, winter and summer", () => {
    expect(formatOslo("2026-01-15T05:00:00Z")).toBe("2026-01-15 06:00:00");
    expect(formatOslo("2026-07-01T22:30:15Z")).toBe("2026-07-02 00:30:15");
    expect(formatOslo(Date.parse("2026-07-01T10:00:00Z"), false)).toBe("2026-07-01 12:00");
  });

  it("gives nothing for an unreadable instant", () => {
    expect(formatOslo("not a date")).toBe("");
    expect(osloInputValue(Number.NaN)).toBe("");
  });
});

describe("osloWallToIso", () => {
  it("reads wall-clock time in Oslo, across the offset change", () => {
    expect(osloWallToIso("2026-01-15T06:00")).toBe("2026-01-15T05:00:00.000Z");
    expect(osloWallToIso("2026-07-01T09:00")).toBe("2026-07-01T07:00:00.000Z");
    expect(osloWallToIso("2026-03-29T03:30")).toBe("2026-03-29T01:30:00.000Z");
    expect(osloWallToIso("2026-10-25T12:00:30")).toBe("2026-10-25T11:00:30.000Z");
  });

  it("round-trips with osloInputValue", () => {
    const iso = "2026-05-14T11:05:00.000Z";
    const wall = osloInputValue(iso);
    expect(wall).toBe("2026-05-14T13:05");
    expect(osloWallToIso(wall)).toBe(iso);
  });

  it("refuses what is not a date-time", () => {
    expect(osloWallToIso("")).toBeUndefined();
    expect(osloWallToIso("2026-02-30T10:00")).toBeUndefined();
    expect(osloWallToIso("2026-01-01T24:00")).toBeUndefined();
    expect(osloWallToIso("yesterday")).toBeUndefined();
  });
});
