/** Where a link of a document in docs/ leads in the portal. */
import { decisionUrl } from "./doc-sources";
import type { LinkTarget } from "./markdown-view";

/** `a/b/../c.md` → `a/c.md`; undefined when the path leaves the repository. */
function normalise(path: string): string | undefined {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}

/** `href` as written in the document at `from` (a path in the repository, such as docs/decisions/0002-x.md). */
export function linkTarget(href: string, from: string): LinkTarget {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#")) return { kind: "external", href };
  const path = normalise(`${from.slice(0, from.lastIndexOf("/") + 1)}${href.replace(/#.*$/, "")}`);
  if (path === undefined) return { kind: "file", path: href };
  const record = /^docs\/decisions\/([^/]+)\.md$/.exec(path)?.[1];
  if (record !== undefined && decisionUrl(record) !== undefined) return { kind: "portal", to: record === "README" ? "/decisions" : `/decisions/${record}` };
  if (path === "docs/back-end-quick-start.md") return { kind: "portal", to: "/quick-start" };
  if (path === "docs/openapi.md") return { kind: "portal", to: "/openapi" };
  return { kind: "file", path };
}
