import { describe, expect, it } from "vitest";
import { sentContactEmail as sent } from "./exchange.test-helpers";
import { reusableHeaders } from "./reusable-headers";

describe("reusableHeaders", () => {
  it("drops what the next signing renews and puts a fresh X-Request-ID where the old one stood", () => {
    const headers = reusableHeaders(sent, "new-id");
    expect(Object.keys(headers)).toEqual(["X-Request-ID", "Accept", "Content-Type", "Accept-Language"]);
    expect(headers["X-Request-ID"]).toBe("new-id");
  });

  it("adds an X-Request-ID when the request had none, whatever the case of the names", () => {
    const headers = reusableHeaders({ ...sent, unsentHeaders: {}, request: { ...sent.request, headers: { accept: "*/*", digest: "x" } } }, "n");
    expect(headers).toEqual({ accept: "*/*", "X-Request-ID": "n" });
  });
});
