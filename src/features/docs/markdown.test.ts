import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, titleOf } from "./markdown";

describe("the docs' Markdown", () => {
  it("reads inline code, bold, italics and links, leaving what is inside code alone", () => {
    expect(parseInline("**Decision.** See `a*b*` and [0019](0019-x.md), *not* shown")).toEqual([
      { kind: "strong", children: [{ kind: "text", text: "Decision." }] },
      { kind: "text", text: " See " },
      { kind: "code", text: "a*b*" },
      { kind: "text", text: " and " },
      { kind: "link", href: "0019-x.md", children: [{ kind: "text", text: "0019" }] },
      { kind: "text", text: ", " },
      { kind: "em", children: [{ kind: "text", text: "not" }] },
      { kind: "text", text: " shown" },
    ]);
  });

  it("reads headings, paragraphs joined over lines, lists with run-on lines, tables and fenced code", () => {
    const blocks = parseMarkdown(
      [
        "# Title",
        "",
        "One line",
        "and the next.",
        "- first",
        "  continued",
        "- second",
        "",
        "3. third",
        "",
        "| a | b |",
        "|---|---|",
        "| `x` | y |",
        "",
        "```bash",
        "npm run sandbox   # a comment, not a heading",
        "```",
      ].join("\n"),
    );
    expect(blocks.map((block) => block.kind)).toEqual(["heading", "paragraph", "list", "list", "table", "code"]);
    expect(blocks[1]).toEqual({ kind: "paragraph", children: [{ kind: "text", text: "One line and the next." }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: "first continued" }], [{ text: "second" }]] });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 3 });
    expect(blocks[4]).toMatchObject({ head: [[{ text: "a" }], [{ text: "b" }]], rows: [[[{ kind: "code", text: "x" }], [{ text: "y" }]]] });
    expect(blocks[5]).toEqual({ kind: "code", language: "bash", text: "npm run sandbox   # a comment, not a heading" });
    expect(titleOf(blocks)).toBe("Title");
  });

  it("reads every decision record and the quick start with a title and no stray table or fence", () => {
    const records = readdirSync("docs/decisions").map((name) => `docs/decisions/${name}`);
    for (const file of [...records, "docs/back-end-quick-start.md"]) {
      const blocks = parseMarkdown(readFileSync(file, "utf8"));
      expect(titleOf(blocks), file).toMatch(/\S/);
      const text = JSON.stringify(blocks.filter((block) => block.kind === "paragraph"));
      expect(text, file).not.toMatch(/\|---|```/);
    }
  });
});
