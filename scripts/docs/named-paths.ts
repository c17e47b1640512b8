/**
 * What a Markdown page names that must exist: file paths (from the repository's root, or relative to the page),
 * link targets with their #anchors, and `npm run <script>` commands. docs/decisions/ is history and is not read.
 * Paths under folders the build or a run makes (dist/, .reports/, .cache/…) are not claims about the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

export interface Problem {
  page: string;
  line: number;
  text: string;
  why: string;
}

const MADE_BY_A_RUN = new Set(["dist", ".reports", ".cache", "node_modules", "test-results", "playwright-report"]);

/** GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  return heading
    .replace(/`/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = slugOf(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${String(count)}`);
  }
  return anchors;
}

/** A path with `*` in its last part names at least one file; docs/decisions/NNNN names the record NNNN-*.md. */
function pathExists(path: string): boolean {
  const bare = path.replace(/[/.:,;]+$/, "") || path;
  if (existsSync(bare)) return true;
  const [folder, last] = [dirname(bare), bare.slice(dirname(bare).length + 1)];
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return false;
  const names = readdirSync(folder);
  if (last.includes("*")) {
    const pattern = new RegExp(`^${last.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    return names.some((name) => pattern.test(name));
  }
  return /^\d{4}$/.test(last) && names.some((name) => name.startsWith(`${last}-`));
}

const LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;
const NPM_RUN = /npm run ([\w:-]+)/g;

/** Every problem of one page; `root` is the repository, `page` the page's path from it. */
export function problemsOf(root: string, page: string, scripts: ReadonlySet<string>): Problem[] {
  const markdown = readFileSync(join(root, page), "utf8");
  const topLevel = readdirSync(root).filter((name) => !MADE_BY_A_RUN.has(name) && name !== ".git");
  const rootPath = new RegExp(`(?<![\\w./@:-])((?:${topLevel.map((name) => name.replace(/[.]/g, "\\.")).join("|")})(?:/[\\w.*@+-]+)*/?)(?![\\w{<…])`, "g");
  const problems: Problem[] = [];
  const pageFolder = dirname(join(root, page));
  markdown.split("\n").forEach((text, index) => {
    const problem = (why: string) => problems.push({ page, line: index + 1, text: text.trim().slice(0, 160), why });
    for (const [, name] of text.matchAll(NPM_RUN)) if (name && !scripts.has(name)) problem(`no script "${name}" in package.json`);
    for (const [, target] of text.matchAll(LINK)) {
      if (!target || /^[a-z]+:/.test(target)) continue;
      const [path = "", anchor] = target.split("#");
      const file = path === "" ? join(root, page) : join(pageFolder, path);
      if (path !== "" && !existsSync(file)) {
        problem(`link to ${path}: no such file`);
        continue;
      }
      if (anchor && file.endsWith(".md") && !anchorsOf(readFileSync(file, "utf8")).has(anchor))
        problem(`link to ${path}#${anchor}: no such heading in ${relative(root, file)}`);
    }
    for (const [, path] of text.matchAll(rootPath)) {
      if (!path || !path.includes("/") || path.startsWith("docs/decisions/<")) continue;
      if (!pathExists(join(root, path)) && !pathExists(join(pageFolder, path))) problem(`${path}: no such file or folder`);
    }
  });
  return problems;
}

/** README.md and docs/*.md (not docs/decisions/, which are history). */
export function pagesToCheck(root: string): string[] {
  return [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];
}

const README_SECTION = /README(?:'s|,) "([^"]+)"/g;

/**
 * Texts that send a reader to a section of the README by name (`the README's "Sandbox controls"`, `README, "Performance"`):
 * each names a heading the README has. `files` are paths from the root: pages, and code whose messages say it.
 */
export function readmeSectionProblems(root: string, files: readonly string[]): Problem[] {
  const headings = anchorsOf(readFileSync(join(root, "README.md"), "utf8"));
  return files.flatMap((page) =>
    readFileSync(join(root, page), "utf8")
      .split("\n")
      .flatMap((text, index) =>
        [...text.matchAll(README_SECTION)]
          .filter(([, section]) => section !== undefined && !headings.has(slugOf(section)))
          .map(([, section]) => ({ page, line: index + 1, text: text.trim().slice(0, 160), why: `the README has no section "${section ?? ""}"` })),
      ),
  );
}

/** The code whose texts may name a README section: every TypeScript and JavaScript file under src/, mocks/ and scripts/. */
export function codeFiles(root: string): string[] {
  return ["src", "mocks", "scripts"].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.(ts|tsx|mjs)$/.test(name) && !name.includes("node_modules"))
      .map((name) => `${folder}/${name}`),
  );
}
