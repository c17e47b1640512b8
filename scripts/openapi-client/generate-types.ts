/** Writes openapi-types.gen.ts beside this file from the contract (npm run generate:openapi-types). */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { openApiTypesSource } from "./types-source";

const target = join(import.meta.dirname, "openapi-types.gen.ts");
await writeFile(target, await openApiTypesSource());
console.log(`Wrote ${target}`);
