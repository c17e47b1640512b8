import { describe, expect, it } from "vitest";
import { fileStem, formatInstant, keyFileName, signingCredentialId, validityAt } from "./credential-state";

describe("signingCredentialId", () => {
  const list = [{ id: "old" }, { id: "mid" }, { id: "new" }];
  it("is the chosen one when it exists", () => {
    expect(signingCredentialId(list, "mid")).toBe("mid");
  });
  it("falls back to the newest when none or a deleted one is chosen", () => {
    expect(signingCredentialId(list, null)).toBe("new");
    expect(signingCredentialId(list, "gone")).toBe("new");
  });
  it("is undefined when there is none", () => {
    expect(signingCredentialId([], "x")).toBeUndefined();
  });
});

describe("validityAt", () => {
  const certificate = { notBefore: new Date("2026-01-01T00:00:00Z"), notAfter: new Date("2027-01-01T00:00:00Z") };
  it("tells the three states apart", () => {
    expect(validityAt(certificate, new Date("2026-06-01T00:00:00Z"))).toBe("valid");
    expect(validityAt(certificate, new Date("2027-01-01T00:00:01Z"))).toBe("expired");
    expect(validityAt(certificate, new Date("2025-12-31T23:59:59Z"))).toBe("not yet valid");
  });
});

describe("file names", () => {
  it("keeps letters, digits, dots and dashes", () => {
    expect(keyFileName("Fjordpay Test AS")).toBe("Fjordpay-Test-AS-private-key.pem");
    expect(fileStem("Blåbær Øvre / Test")).toBe("Blabaer-Ovre-Test");
    expect(fileStem("../../etc")).toBe("etc");
    expect(fileStem("   ")).toBe("certificate");
  });
});

it("formats instants in UTC to the minute", () => {
  expect(formatInstant(new Date("2026-03-04T05:06:07Z"))).toBe("2026-03-04 05:06 UTC");
});
