import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SERVED_BY_SERVER_META } from "../../src/contract/portal-marker";
import { rawExchange } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

let portal: string;
let server: SandboxServer;
const html = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const get = (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(`${server.url}${path}`, { method, headers });

beforeAll(async () => {
  portal = await mkdtemp(join(tmpdir(), "portal-"));
  await mkdir(join(portal, "assets"));
  await mkdir(join(portal, ".vite"));
  await writeFile(join(portal, "index.html"), "<!doctype html><html><head><title>Portal</title></head><body><div id=root></div></body></html>");
  await writeFile(join(portal, "assets", "index-AbC123.js"), "console.log('portal');");
  await writeFile(join(portal, "assets", "index-AbC123.css"), "body{}");
  await writeFile(join(portal, "mockServiceWorker.js"), "/* msw */");
  await writeFile(join(portal, "favicon.svg"), "<svg/>");
  await writeFile(join(portal, ".vite", "manifest.json"), "{}");
  server = await startSandboxServer({ port: 0, portalDir: portal, verifyWorkers: 0 });
});
afterAll(async () => {
  await server.close();
  await rm(portal, { recursive: true, force: true });
});

describe("the portal at the server's origin", () => {
  test("GET / in a browser is the portal's page, marked so the portal starts on this server; as JSON it is still the list of routes", async () => {
    const page = await get("/", html);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const text = await page.text();
    expect(text).toContain("<title>Portal</title>");
    expect(text).toContain(`<meta name="${SERVED_BY_SERVER_META}"`);
    for (const headers of [{ Accept: "application/json" }, {}] as Record<string, string>[]) {
      const list = await get("/", headers);
      expect(list.headers.get("content-type")).toBe("application/json");
      expect(((await list.json()) as { controls: unknown[] }).controls.length).toBeGreaterThan(10);
    }
  });

  test("its files with their types; hashed assets cached for good, the rest revalidated; HEAD without a body", async () => {
    const script = await get("/assets/index-AbC123.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await script.text()).toBe("console.log('portal');");
    expect((await get("/assets/index-AbC123.css")).headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect((await get("/favicon.svg")).headers.get("content-type")).toBe("image/svg+xml");
    const worker = await get("/mockServiceWorker.js");
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    const head = await get("/assets/index-AbC123.js", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String("console.log('portal');".length));
    expect(await head.text()).toBe("");
  });

  test("a client route opened in a browser is the page; a missing file, the build's own files and the server's paths are not", async () => {
    for (const route of ["/reference", "/try/createPayment", "/settings", "/sandbox/payments"]) {
      const page = await get(route, html);
      expect(page.status, route).toBe(200);
      expect(await page.text(), route).toContain(SERVED_BY_SERVER_META);
    }
    expect((await get("/assets/gone-XyZ.js", html)).status).toBe(404);
    expect((await get("/.vite/manifest.json")).status).toBe(404);
    expect((await get("/reference", { Accept: "application/json" })).status).toBe(404);
    // The server's bank page, not the portal's, behind every scaRedirect link.
    const bank = await get("/bank/authorize/payment/no-such-payment", html);
    expect(bank.status).toBe(404);
    expect(await bank.text()).not.toContain(SERVED_BY_SERVER_META);
    // The server's OpenAPI document, which names this origin.
    const openApi = (await (await get("/openapi.json")).json()) as { servers: { url: string }[] };
    expect(openApi.servers[0]?.url).toBe(server.url);
    expect((await get("/__sandbox/clock", html)).headers.get("content-type")).toContain("application/json");
  });

  test("no path leaves the portal's folder", async () => {
    for (const target of ["/../package.json", "/assets/../../index.html", "/%2e%2e/%2e%2e/etc/passwd", "/assets%2f..%2f..%2fpackage.json"]) {
      const answer = await rawExchange(server.port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n`);
      expect(answer, target).toMatch(/^HTTP\/1\.1 400 /);
    }
  });
});

test("without a portal GET / in a browser is the server's own page; a folder without index.html stops the start", async () => {
  const plain = await startSandboxServer({ port: 0, verifyWorkers: 0 });
  try {
    const page = await fetch(`${plain.url}/`, { headers: html });
    expect(await page.text()).toContain("<h1>PSD2 sandbox server</h1>");
  } finally {
    await plain.close();
  }
  const empty = await mkdtemp(join(tmpdir(), "no-portal-"));
  try {
    await expect(startSandboxServer({ port: 0, portalDir: empty, verifyWorkers: 0 })).rejects.toThrow(/index\.html is missing/);
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
});
