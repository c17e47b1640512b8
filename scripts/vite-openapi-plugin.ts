/**
 * Serves the OpenAPI document generated from the contract at /openapi.json in development and
 * writes it to dist/openapi.json in the production build. The document is built from the same
 * zod schemas the sandbox validates with, so it cannot drift from them.
 *
 * The contract is loaded through Vite's module graph in development (fresh on every request) and
 * through tsx in the build, not imported here: the config loader is not a TypeScript resolver.
 */
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const FILE = "openapi.json";
const CONTRACT = "/src/contract/openapi.ts";

interface OpenApiModule {
  buildOpenApiDocument: () => unknown;
}

// Compact: the portal parses it on every visit, and browsers and tools indent it for reading.
const render = (module: OpenApiModule) => JSON.stringify(module.buildOpenApiDocument());

export function openApiPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "psd2-openapi-json",
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use(`/${FILE}`, (_request, response, next) => {
        server
          .ssrLoadModule(CONTRACT)
          .then((module) => {
            response.setHeader("Content-Type", "application/json; charset=utf-8");
            response.end(render(module as OpenApiModule));
          })
          .catch(next);
      });
    },
    async generateBundle() {
      const { tsImport } = await import("tsx/esm/api");
      const module = (await tsImport(pathToFileURL(`${root}${CONTRACT}`).href, import.meta.url)) as OpenApiModule;
      this.emitFile({ type: "asset", fileName: FILE, source: render(module) });
    },
  };
}
