// The verify worker's entry (verify-pool.ts). Node 20 does not pass a TypeScript loader given to
// the server (tsx's --import, vitest's transform) on to its worker threads, so the worker registers
// tsx's loader itself before loading the TypeScript.
import { register } from "tsx/esm/api";

register();
await import("./verify-worker.ts");
