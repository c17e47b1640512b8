/** Writes the OpenAPI document generated from the contract to the path given (the "openapi" suite lints it). */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { buildOpenApiDocument } from "../src/contract/openapi";

const target = process.argv[2];
if (!target) {
  console.error("Usage: tsx scripts/write-openapi.ts <file.json>");
  process.exit(2);
}
await mkdir(dirname(resolve(target)), { recursive: true });
await writeFile(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
