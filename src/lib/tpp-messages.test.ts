import { describe, expect, test } from "vitest";
import { messageLine, tppMessagesOf } from "./tpp-messages";

describe("tppMessages of an answer", () => {
  test("reads them from an error body", () => {
    expect(tppMessagesOf('{"tppMessages":[{"category":"ERROR","code":"FORMAT_ERROR","path":"x","text":"t"}]}')).toEqual([
      { category: "ERROR", code: "FORMAT_ERROR", path: "x", text: "t" },
    ]);
  });
  test("anything else gives none, never an exception", () => {
    for (const body of [undefined, "", "null", "[]", "{", '{"tppMessages":"x"}', '{"tppMessages":[1,null]}']) expect(tppMessagesOf(body)).toEqual([]);
  });
  test("one line per message", () => {
    expect(messageLine({ code: "KID_INVALID", text: "bad" })).toBe("KID_INVALID: bad");
    expect(messageLine({})).toBe("(a message without code or text)");
  });
});
