import { describe, expect, test } from "vitest";
import { tabAfterKey } from "./tabs";

describe("moving between tabs from the keyboard (WAI-ARIA tabs pattern)", () => {
  test("the arrow keys move to the next and the previous tab and wrap around; Home and End go to the ends", () => {
    expect(tabAfterKey("ArrowRight", 0, 3)).toBe(1);
    expect(tabAfterKey("ArrowRight", 2, 3)).toBe(0);
    expect(tabAfterKey("ArrowLeft", 0, 3)).toBe(2);
    expect(tabAfterKey("Home", 2, 3)).toBe(0);
    expect(tabAfterKey("End", 0, 3)).toBe(2);
  });
  test("any other key leaves the tabs alone", () => {
    expect(tabAfterKey("Tab", 1, 3)).toBeUndefined();
    expect(tabAfterKey("Enter", 1, 3)).toBeUndefined();
  });
});
