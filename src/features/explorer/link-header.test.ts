import { describe, expect, it } from "vitest";
import { parseLinkHeader, queryOfLink } from "./link-header";

const base = "http://localhost:4311/v1/sandbox/accounts/acc-001/transactions";

describe("parseLinkHeader", () => {
  it("reads the four page links the sandbox writes", () => {
    const header = [
      `<${base}?offset=0&limit=20>; rel="first"`,
      `<${base}?offset=0&limit=20&before=2026-05-01.12>; rel="prev"`,
      `<${base}?offset=40&limit=20&after=2026-04-01.7>; rel="next"`,
      `<${base}?offset=100&limit=20>; rel="last"`,
    ].join(", ");
    expect(parseLinkHeader(header)).toEqual({
      first: `${base}?offset=0&limit=20`,
      prev: `${base}?offset=0&limit=20&before=2026-05-01.12`,
      next: `${base}?offset=40&limit=20&after=2026-04-01.7`,
      last: `${base}?offset=100&limit=20`,
    });
  });

  it("is empty without a header", () => {
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader("")).toEqual({});
    expect(parseLinkHeader(undefined)).toEqual({});
  });

  it("accepts unquoted, upper-case and several relation types, and other parameters", () => {
    expect(parseLinkHeader('<a>; title="x, y; z"; REL=Next, <b>;rel="prev previous"')).toEqual({ next: "a", prev: "b", previous: "b" });
  });

  it("keeps commas and semicolons inside the URL", () => {
    expect(parseLinkHeader('<https://x.test/p?q=a,b;c>; rel="next"')).toEqual({ next: "https://x.test/p?q=a,b;c" });
  });

  it("keeps the first link of a relation type and skips malformed ones", () => {
    expect(parseLinkHeader('<one>; rel="next", <two>; rel="next", garbage; rel="last", <three>')).toEqual({ next: "one" });
  });
});

describe("queryOfLink", () => {
  it("passes the link's query on, decoded", () => {
    expect(queryOfLink(`${base}?fromDate=2026-01-01&offset=20&limit=20&after=2026-02-01.5`)).toEqual({
      fromDate: "2026-01-01",
      offset: "20",
      limit: "20",
      after: "2026-02-01.5",
    });
  });

  it("resolves a relative target and survives garbage", () => {
    expect(queryOfLink("/v1/x?offset=3")).toEqual({ offset: "3" });
    expect(queryOfLink("http://[")).toEqual({});
  });
});
