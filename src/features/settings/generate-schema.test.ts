import { describe, expect, it } from "vitest";
import { generateSchema } from "./generate-schema";

const valid = { tppName: " Fjordpay ", organizationName: "", organizationId: "123456789", validityDays: "30" };

describe("generateSchema", () => {
  it("trims and converts", () => {
    expect(generateSchema.parse(valid)).toEqual({ tppName: "Fjordpay", organizationName: "", organizationId: "123456789", validityDays: 30 });
  });

  it("keeps Norwegian letters and DN specials the generator escapes", () => {
    expect(generateSchema.parse({ ...valid, tppName: "Blåbær, Øl + Å; <AS> #1" }).tppName).toBe("Blåbær, Øl + Å; <AS> #1");
  });

  it("leaves the organisation id optional (the generator picks random digits)", () => {
    expect(generateSchema.parse({ ...valid, organizationId: "" }).organizationId).toBe("");
  });

  it.each([
    [{ tppName: "  " }, "tppName", /Enter the TPP's name/],
    [{ tppName: 'Say "hi" AS' }, "tppName", /Quotation marks/],
    [{ tppName: "back\\slash" }, "tppName", /backslashes/],
    [{ organizationName: "#hash" }, "organizationName", /leading #/],
    [{ organizationName: "tab\there" }, "organizationName", /control characters/],
    [{ tppName: "x".repeat(65) }, "tppName", /At most 64/],
    [{ organizationId: "PSDNO-FSA-123" }, "organizationId", /Digits only/],
    [{ validityDays: "0" }, "validityDays", /At least 1 day/],
    [{ validityDays: "4000" }, "validityDays", /At most 3650/],
    [{ validityDays: "1.5" }, "validityDays", /whole number/],
  ])("refuses %o", (change, path, message) => {
    const result = generateSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join(".")).toBe(path);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });
});
