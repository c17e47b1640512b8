import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { decodeKey, encodeKey, linkHeader, type PageFacts } from "./pagination-links";

const BASE = "http://sandbox.test/v1/sandbox/accounts/acc-001/transactions";
const FIRST = { bookingDate: "2026-11-20", seq: 42 };
const LAST = { bookingDate: "2026-10-01", seq: 7 };

/** rel → URL of an RFC 8288 Link header. */
function links(header: string): Record<string, URL> {
  const result: Record<string, URL> = {};
  for (const part of header.split(/,\s*(?=<)/)) {
    const match = /^<([^>]+)>;\s*rel="(\w+)"$/.exec(part.trim());
    if (!match?.[1] || !match[2]) throw new Error(`not a link: ${part}`);
    result[match[2]] = new URL(match[1]);
  }
  return result;
}
const page = (facts: Partial<PageFacts>): PageFacts => ({
  base: BASE,
  offset: 0,
  limit: 200,
  total: 450,
  firstKey: FIRST,
  lastKey: LAST,
  hasMore: true,
  hasPrevious: false,
  ...facts,
});
const offsetOf = (url: URL | undefined) => url?.searchParams.get("offset");

describe("linkHeader", () => {
  test("the first page: first, next and last, no prev", () => {
    const rel = links(linkHeader(page({})));
    expect(Object.keys(rel)).toEqual(["first", "next", "last"]);
    expect(rel.first?.toString()).toBe(`${BASE}?offset=0&limit=200`);
    expect(offsetOf(rel.next)).toBe("200");
    expect(rel.next?.searchParams.get("after")).toBe("2026-10-01.7");
    expect(offsetOf(rel.last)).toBe("400");
  });
  test("a middle page: prev carries a before cursor and the previous offset", () => {
    const rel = links(linkHeader(page({ offset: 200, hasPrevious: true })));
    expect(Object.keys(rel)).toEqual(["first", "prev", "next", "last"]);
    expect(offsetOf(rel.prev)).toBe("0");
    expect(rel.prev?.searchParams.get("before")).toBe("2026-11-20.42");
    expect(offsetOf(rel.next)).toBe("400");
  });
  test("the last page: no next", () => {
    const rel = links(linkHeader(page({ offset: 400, hasPrevious: true, hasMore: false })));
    expect(Object.keys(rel)).toEqual(["first", "prev", "last"]);
  });
  test("prev never goes below offset 0", () => {
    expect(offsetOf(links(linkHeader(page({ offset: 50, hasPrevious: true }))).prev)).toBe("0");
  });
  test.each([
    [0, 0],
    [1, 0],
    [200, 0],
    [201, 200],
    [450, 400],
  ])("last offset for a total of %i with limit 200: %i", (total, last) => {
    expect(offsetOf(links(linkHeader(page({ total, hasMore: false }))).last)).toBe(String(last));
  });
  test("an empty page has neither prev nor next, even if told so, without keys", () => {
    const rel = links(linkHeader(page({ total: 0, firstKey: undefined, lastKey: undefined, hasMore: true, hasPrevious: true })));
    expect(Object.keys(rel)).toEqual(["first", "last"]);
  });
  test("date filters and the limit travel in every link", () => {
    const rel = links(linkHeader(page({ fromDate: "2026-09-01", toDate: "2026-11-30", limit: 25, offset: 25, hasPrevious: true })));
    for (const url of Object.values(rel)) {
      expect(url.searchParams.get("fromDate")).toBe("2026-09-01");
      expect(url.searchParams.get("toDate")).toBe("2026-11-30");
      expect(url.searchParams.get("limit")).toBe("25");
    }
  });
});

describe("cursors", () => {
  test("encode and decode round trip", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        (date, seq) => {
          const key = { bookingDate: date.toISOString().slice(0, 10), seq: seq % 1e15 };
          expect(decodeKey(encodeKey(key))).toEqual(key);
        },
      ),
    );
  });
  test("anything else does not decode", () => {
    for (const value of ["", "2026-11-20", "2026-11-20.", "2026-11-20.x", "2026-11-20.-1", "2026-11-20.1.2", "x2026-11-20.1", "2026-11-20.1234567890123456"]) {
      expect(decodeKey(value), value).toBeUndefined();
    }
  });
});

describe("the last link reads the oldest rows directly", () => {
  test("it carries before=end, which decodes to a key below every row", () => {
    const rel = links(linkHeader(page({ total: 450 })));
    expect(rel.last?.searchParams.get("before")).toBe("end");
    expect(decodeKey("end")).toEqual({ bookingDate: "", seq: 0 });
  });
  test("an empty list's last link is the first page", () => {
    const rel = links(linkHeader(page({ total: 0, firstKey: undefined, lastKey: undefined, hasMore: false })));
    expect(rel.last?.searchParams.get("before")).toBeNull();
  });
});
