import { describe, expect, it } from "vitest";
import { emptyWindow, filterFromSearch, isFiltered, NO_FILTER, queryOfFilter, searchOfFilter } from "./traffic-filter";

const TPP = "ab".repeat(32);

describe("the Traffic view's filters", () => {
  it("go into the address and come back out the same", () => {
    const filter = {
      status: "4xx",
      operation: "createPayment",
      tpp: TPP,
      since: "2026-11-27T10:00",
      until: "2026-11-27T11:30",
      controlReads: "include",
    } as const;
    const search = searchOfFilter(filter);
    expect(search).toBe(`?status=4xx&operation=createPayment&tpp=${TPP}&since=2026-11-27T10%3A00&until=2026-11-27T11%3A30&controlReads=include`);
    expect(filterFromSearch(search)).toEqual(filter);
    expect(searchOfFilter(NO_FILTER)).toBe("");
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered(filter)).toBe(true);
    // Showing the controls' reads widens the list: alone it is no filter to clear.
    expect(isFiltered({ ...NO_FILTER, controlReads: "include" })).toBe(false);
  });

  it("drop from an address what the route would refuse, rather than showing an error for a hand-edited link", () => {
    expect(filterFromSearch("?status=6xx&operation=no%20such&tpp=12&since=yesterday&until=2026-13-01T00:00&controlReads=all")).toEqual(NO_FILTER);
  });

  it("ask the route for instants: an Oslo wall-clock time becomes UTC (CET in November, one hour ahead)", () => {
    expect(queryOfFilter({ ...NO_FILTER, status: "401", since: "2026-11-27T10:00", until: "2026-11-27T11:00", controlReads: "include" })).toEqual({
      status: "401",
      since: "2026-11-27T09:00:00.000Z",
      until: "2026-11-27T10:00:00.000Z",
    });
  });

  it("leave the sandbox controls' reads out unless asked for, or one is the operation chosen", () => {
    expect(queryOfFilter(NO_FILTER)).toEqual({ controlReads: "exclude" });
    expect(queryOfFilter({ ...NO_FILTER, controlReads: "include" })).toEqual({});
    expect(queryOfFilter({ ...NO_FILTER, operation: "sandboxClock" })).toEqual({ operation: "sandboxClock" });
  });

  it("say when the time window is empty", () => {
    expect(emptyWindow({ ...NO_FILTER, since: "2026-11-27T11:00", until: "2026-11-27T10:00" })).toMatch(/not after/);
    expect(emptyWindow({ ...NO_FILTER, since: "2026-11-27T10:00", until: "2026-11-27T11:00" })).toBeUndefined();
  });
});
