import { describe, expect, it } from "vitest";
import { baseAddressProblem, normaliseBaseAddress } from "./base-address";

describe("baseAddressProblem", () => {
  it.each(["http://127.0.0.1:4010", "https://sandbox.example.no", "https://sandbox.example.no/", "HTTP://LOCALHOST:8080", "http://[::1]:4010"])(
    "accepts %s",
    (value) => {
      expect(baseAddressProblem(value)).toBeUndefined();
    },
  );

  it.each([
    ["localhost:4010", /with its scheme, e\.g\. http:\/\/localhost:4010\./],
    ["http:/localhost:4010", /e\.g\. http:\/\/localhost:4010\./],
    ["sandbox.example.no", /http:\/\/sandbox\.example\.no/],
    ["ftp://files.example.no", /Only http:\/\/ and https:\/\//],
    ["https://sandbox.example.no/v1", /Leave out the path "\/v1"/],
    ["https://sandbox.example.no/v1/", /Leave out the path/],
    ["https://sandbox.example.no?x=1", /Leave out the query/],
    ["https://sandbox.example.no/#top", /Leave out the fragment/],
    ["https://user:secret@sandbox.example.no", /user name and password/],
    ["https://sand box.example.no", /no spaces/],
    ["http://", /not a valid address/],
    ["https://exa mple", /no spaces/],
  ])("refuses %s", (value, message) => {
    expect(baseAddressProblem(value)).toMatch(message);
  });
});

describe("normaliseBaseAddress", () => {
  it("keeps the origin only", () => {
    expect(normaliseBaseAddress(" HTTPS://Sandbox.Example.NO:443/ ")).toBe("https://sandbox.example.no");
    expect(normaliseBaseAddress("http://127.0.0.1:4010")).toBe("http://127.0.0.1:4010");
    expect(normaliseBaseAddress("   ")).toBe("");
  });
});
