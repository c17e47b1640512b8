/**
 * The README's screenshot (`npm run docs:screenshot`, after `npm run build`): the console at 1280×800 after a
 * payment was sent to the in-browser sandbox, from the production build in Chromium. Writes docs/images/portal.png.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { chromium } from "@playwright/test";

const OUT = "docs/images/portal.png";
const CHROMIUM = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;

/** A port the system says is free now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });

if (!existsSync("dist/index.html")) throw new Error("No build: run `npm run build` first.");
const port = await freePort();
const origin = `http://localhost:${String(port)}`;
const preview = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "preview", "--port", String(port), "--strictPort"], { stdio: "ignore" });
const browser = await chromium.launch({ ...(CHROMIUM ? { executablePath: CHROMIUM } : {}), args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  for (let attempt = 0; ; attempt++) {
    try {
      await page.goto(`${origin}/try/createPayment`);
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100)); // vite preview not up yet
    }
  }
  // The button reads "Waiting for the sandbox…" until the example is filled; a click waits until it is enabled.
  await page.getByRole("button", { name: "Send POST" }).click({ timeout: 60_000 });
  await page.getByRole("region", { name: "Answer" }).getByText("201 Created").waitFor({ timeout: 60_000 });
  mkdirSync("docs/images", { recursive: true });
  await page.screenshot({ path: OUT });
  console.log(`screenshot: ${OUT}`);
} finally {
  await browser.close();
  preview.kill();
}
