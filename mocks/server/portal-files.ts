/**
 * The built portal (vite build's dist/) served by the sandbox server at its own origin (`psd2-sandbox`; decision 0057):
 * its files as they are, its client routes (/reference, /try/…, /settings) as index.html, and index.html marked so that
 * the portal starts on this server rather than on the browser's own sandbox.
 *
 * Only the files found in the folder at start are served, looked up by their exact path: a request names one of them
 * or none, so no path (../, %2e, a symbolic link added later) can reach anything else.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { SERVED_BY_SERVER_META } from "../../src/contract/portal-marker";

/** The paths the server answers itself: never a portal file or a client route, whatever dist/ holds. */
const SERVER_PREFIXES = ["/v1/", "/__sandbox/", "/bank/"];

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".pem": "text/plain; charset=utf-8",
  // The Playwright helper (/playwright/sandbox-sca.ts) is read and saved, not run by the browser.
  ".ts": "text/plain; charset=utf-8",
};

/** Vite puts content-hashed names under assets/: their content never changes, so a browser may keep them. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (index.html, the service worker, the OpenAPI document) is checked with the server on every use. */
const REVALIDATE = "no-cache";

/** The most files the folder may hold, and the largest one served: a folder that is not a portal build is refused at start. */
const MAX_FILES = 2_000;
const MAX_FILE_BYTES = 32 * 1024 * 1024;

interface PortalFile {
  path: string;
  type: string;
  cacheControl: string;
}

export interface Portal {
  /** The portal's answer to a GET or HEAD, or undefined when the path is none of its (the server answers it). */
  answer: (request: Request, url: URL) => Promise<Response | undefined>;
}

const wantsHtml = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

/** The marker that points the portal at this server, put into index.html's head. */
export function markServedByServer(indexHtml: string): string {
  const meta = `<meta name="${SERVED_BY_SERVER_META}" content="this origin" />`;
  return indexHtml.includes("</head>") ? indexHtml.replace("</head>", `    ${meta}\n  </head>`) : `${meta}\n${indexHtml}`;
}

async function listFiles(root: string): Promise<Map<string, PortalFile>> {
  const files = new Map<string, PortalFile>();
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const rel = relative(root, full).split(sep);
    // Dot files and folders (.vite/manifest.json) are the build's own, not the portal's.
    if (rel.some((part) => part.startsWith("."))) continue;
    if (files.size >= MAX_FILES)
      throw new Error(`The portal folder ${root} holds more than ${String(MAX_FILES)} files; is it a portal build (vite build's dist/)?`);
    const urlPath = `/${rel.join("/")}`;
    files.set(urlPath, {
      path: full,
      type: TYPES[extname(entry.name).toLowerCase()] ?? "application/octet-stream",
      cacheControl: rel[0] === "assets" ? IMMUTABLE : REVALIDATE,
    });
  }
  return files;
}

/** Reads the built portal in `root` (its index.html must be there); throws with what is wrong. */
export async function loadPortal(root: string): Promise<Portal> {
  let index: string;
  try {
    index = markServedByServer(await readFile(join(root, "index.html"), "utf8"));
  } catch {
    throw new Error(`No portal at ${root}: index.html is missing. Build it with \`npm run build\` (vite build), or start without the portal (--no-portal).`);
  }
  const files = await listFiles(root);
  const headers = (type: string, cacheControl: string, length: number) => ({
    "Content-Type": type,
    "Cache-Control": cacheControl,
    "Content-Length": String(length),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
  });
  const indexBytes = Buffer.from(index, "utf8");
  const indexAnswer = (request: Request) =>
    new Response(request.method === "HEAD" ? null : indexBytes, { headers: headers(TYPES[".html"] ?? "", REVALIDATE, indexBytes.length) });

  return {
    answer: async (request, url) => {
      if (request.method !== "GET" && request.method !== "HEAD") return undefined;
      const path = url.pathname;
      if (SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) return undefined;
      // GET / stays the server's list of routes for a client that asks for JSON (curl, a script).
      if (path === "/") return wantsHtml(request) ? indexAnswer(request) : undefined;
      if (path === "/index.html") return indexAnswer(request);
      const file = files.get(path);
      if (file) {
        const size = (await stat(file.path)).size;
        if (size > MAX_FILE_BYTES) return undefined;
        const body = request.method === "HEAD" ? null : await readFile(file.path);
        return new Response(body, { headers: headers(file.type, file.cacheControl, size) });
      }
      // A client route of the portal (/reference/…, /settings) opened in the browser: the page, which routes it itself.
      // A missing file (/assets/gone.js, /favicon.ico) is the server's 404, not a page that pretends to be it.
      const last = path.slice(path.lastIndexOf("/") + 1);
      if (wantsHtml(request) && !last.includes(".")) return indexAnswer(request);
      return undefined;
    },
  };
}
