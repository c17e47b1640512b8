/**
 * The sandbox server for the benchmark, in a process of its own (as Prism is), so that the load
 * generator does not share its event loop: `tsx scripts/benchmark/server-process.ts [--data FILE]`.
 * It prints one line, the server's URL, once it listens, and stops on SIGTERM.
 */
import { startSandboxServer } from "../../mocks/server/start";

const dataIndex = process.argv.indexOf("--data");
const dataFile = dataIndex > 0 ? process.argv[dataIndex + 1] : undefined;
const server = await startSandboxServer({ port: 0, log: false, ...(dataFile ? { dataFile } : {}) });
console.log(server.url);
process.on("SIGTERM", () => {
  void server.close().finally(() => process.exit(0));
});
