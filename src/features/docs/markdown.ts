/**
 * A small Markdown reader for the portal's own docs: headings, paragraphs, bulleted and numbered
 * lists (items may run on over indented lines), tables, fenced code, and inline code, bold,
 * italics and links. That is all docs/ uses; anything else reads as a paragraph of text.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "strong" | "em"; children: Inline[] }
  | { kind: "link"; href: string; children: Inline[] };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | { kind: "list"; ordered: boolean; start: number; items: Inline[][] }
  | { kind: "table"; head: Inline[][]; rows: Inline[][][] }
  | { kind: "code"; language: string; text: string };

// Code spans first, so that nothing inside them is read as emphasis or a link.
const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: "text", text: text.slice(last, match.index) });
    const [, code, strong, em, label, href] = match;
    if (code !== undefined) out.push({ kind: "code", text: code });
    else if (strong !== undefined) out.push({ kind: "strong", children: parseInline(strong) });
    else if (em !== undefined) out.push({ kind: "em", children: parseInline(em) });
    else if (label !== undefined && href !== undefined) out.push({ kind: "link", href, children: parseInline(label) });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const FENCE = /^```\s*([\w-]*)\s*$/;
const ITEM = /^(?:([-*])|(\d+)\.)\s+(.*)$/;
const TABLE_RULE = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => parseInline(cell.trim()));

const startsBlock = (line: string) => HEADING.test(line) || FENCE.test(line) || ITEM.test(line) || line.trimStart().startsWith("|");

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    if (line.trim() === "") {
      index++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: (heading[1]?.length ?? 1) as 1, children: parseInline(heading[2] ?? "") });
      index++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      index++;
      while (index < lines.length && !/^```\s*$/.test(lines[index] ?? "")) body.push(lines[index++] ?? "");
      index++; // the closing fence (or the end of the file)
      blocks.push({ kind: "code", language: fence[1] ?? "", text: body.join("\n") });
      continue;
    }
    // A table may be indented, as when it belongs to a list item above it.
    if (line.trimStart().startsWith("|") && TABLE_RULE.test((lines[index + 1] ?? "").trim())) {
      const head = cells(line);
      const rows: Inline[][][] = [];
      index += 2;
      while (index < lines.length && (lines[index] ?? "").trimStart().startsWith("|")) rows.push(cells(lines[index++] ?? ""));
      blocks.push({ kind: "table", head, rows });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      const items: string[] = [];
      while (index < lines.length) {
        const current = lines[index] ?? "";
        const next = ITEM.exec(current);
        if (next && (next[2] !== undefined) === ordered) items.push(next[3] ?? "");
        else if (/^\s+\S/.test(current) && items.length > 0) items.push(`${items.pop() ?? ""} ${current.trim()}`);
        else break;
        index++;
      }
      blocks.push({ kind: "list", ordered, start: Number(item[2] ?? 1), items: items.map(parseInline) });
      continue;
    }
    const paragraph: string[] = [line.trim()];
    index++;
    while (index < lines.length && (lines[index] ?? "").trim() !== "" && !startsBlock(lines[index] ?? "")) paragraph.push((lines[index++] ?? "").trim());
    blocks.push({ kind: "paragraph", children: parseInline(paragraph.join(" ")) });
  }
  return blocks;
}

/** The text of the first heading: a document's title. */
export function titleOf(blocks: Block[]): string | undefined {
  const heading = blocks.find((block) => block.kind === "heading");
  const text = (inline: Inline[]): string => inline.map((part) => ("text" in part ? part.text : text(part.children))).join("");
  return heading?.kind === "heading" ? text(heading.children) : undefined;
}
