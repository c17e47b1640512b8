/**
 * Paths that mean something other than what they spell: dot segments (`/v1/../__sandbox/reset`),
 * encoded dots, slashes or backslashes (`%2e%2e`, `%2f`, `%5c`) and backslashes. A URL parser or a
 * proxy may resolve them to another route than the one the text names (the unsigned reset behind a
 * `/v1/` path), so they are refused before routing. No path of this interface or the sandbox needs them.
 */

/** The path part of a request target (origin-form `/p?q` or absolute-form `http://h/p?q`), without its query. */
export function targetPath(target: string): string {
  const withoutQuery = target.split(/[?#]/, 1)[0] ?? "";
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/\\]*/i.exec(withoutQuery);
  return absolute ? withoutQuery.slice(absolute[0].length) : withoutQuery;
}

/** Why the path of this raw request target is refused, or undefined when it is plain. */
export function pathTrickProblem(target: string): string | undefined {
  const path = targetPath(target);
  const shown = JSON.stringify(path.length > 100 ? `${path.slice(0, 100)}…` : path);
  if (path.includes("\\")) return `The path ${shown} contains a backslash; paths use "/" only.`;
  const encoded = /%(2e|2f|5c)/i.exec(path);
  if (encoded)
    return `The path ${shown} contains ${encoded[0]}, an encoded ${encoded[1]?.toLowerCase() === "2e" ? "dot" : encoded[1]?.toLowerCase() === "2f" ? "slash" : "backslash"}; send the path as it is, without encoding dots or slashes.`;
  if (path.split("/").some((segment) => segment === "." || segment === ".."))
    return `The path ${shown} contains a "." or ".." segment; send the path it leads to instead.`;
  return undefined;
}
