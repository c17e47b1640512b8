/**
 * The standalone sandbox server: `npm run sandbox` (tsx mocks/server.ts). The same dispatcher the
 * service worker and Vitest use, over node:http on 127.0.0.1:4010; see docs/standalone-server.md.
 * Imported (tests, scripts), it only exports startSandboxServer.
 */
import { pathToFileURL } from "node:url";
import { main } from "./server/main";

export { startSandboxServer, type SandboxServer, type SandboxServerOptions } from "./server/start";

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main(process.argv.slice(2)).then((code) => {
    if (code !== undefined) process.exitCode = code;
  });
}
