#!/usr/bin/env node
/**
 * The package's bin (psd2-sandbox), built to build/server/psd2-sandbox.mjs by scripts/build-server.mjs: beside it,
 * two folders up, is the built portal (dist/), which the server serves when it is there (decision 0057).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runCli } from "./run";

const portal = fileURLToPath(new URL("../../dist/", import.meta.url));
const code = await runCli(process.argv.slice(2), existsSync(`${portal}index.html`) ? { portalDir: portal } : {});
if (code !== undefined) process.exitCode = code;
