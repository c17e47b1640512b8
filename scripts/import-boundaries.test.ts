// The import boundaries of eslint.config.js (eslint-plugin-boundaries) refuse what they say they refuse: a file of
// an inner layer of mocks/ that imports an outer one, a storage engine that imports another, src/ reaching into mocks/.
// The real config is used; only the boundaries rule runs, on text linted as if it were a file at the given path
// (the imported modules are real files, so the resolver finds them).
import { join } from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const RULE = "boundaries/dependencies";
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === RULE,
    // Only the boundaries rule runs, so no type information is needed: parsing without the project service keeps this fast.
    overrideConfig: { files: ["**/*.{ts,tsx}"], languageOptions: { parserOptions: { projectService: false } } },
  });
});

/** The boundaries messages ESLint gives a file at `file` (from the repository root) that holds `source`. */
async function boundaryMessages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: join(root, file) });
  expect(result?.fatalErrorCount).toBe(0);
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const importOf = (path: string) => `import * as imported from "${path}";\nexport const kept = imported;`;

describe("the layers of mocks/", () => {
  // [importing file, imported path, the start of the rule's message]
  const refused: [string, string, string][] = [
    ["mocks/domain/new-rule.ts", "../handlers/types", "domain/ (the rules) may import only itself and the store's port"],
    ["mocks/domain/new-rule.ts", "../env/answer", "domain/ (the rules) may import only itself and the store's port"],
    ["mocks/domain/new-rule.ts", "../store/sqlite/sqlite", "domain/ (the rules) may import only itself and the store's port"],
    ["mocks/env/new-env.ts", "../control/context", "env/ may import only itself, domain/ and the store's port"],
    ["mocks/env/new-env.ts", "../handlers/types", "env/ may import only itself, domain/ and the store's port"],
    ["mocks/handlers/new-handler.ts", "../control/context", "handlers/ (an operation) may import only itself, env/, domain/"],
    ["mocks/handlers/new-handler.ts", "../http/incoming", "handlers/ (an operation) may import only itself, env/, domain/"],
    ["mocks/handlers/new-handler.ts", "../store/sql/db", "handlers/ (an operation) may import only itself, env/, domain/"],
    ["mocks/scenarios/new-scenario.ts", "../handlers/types", "scenarios/ (an operation) may import only itself, env/, domain/"],
    ["mocks/batch/new-batch.ts", "../control/handlers", "batch/ (an operation) may import only itself, env/, domain/"],
    ["mocks/control/new-route.ts", "../router", "control/ (an operation) may import only itself, env/, domain/"],
    ["mocks/http/new-edge.ts", "../router", "http/ (the edge the dispatchers use) may import only itself, env/, domain/"],
    ["mocks/http/new-edge.ts", "../server/start", "http/ (the edge the dispatchers use) may import only itself, env/, domain/"],
    ["mocks/router.ts", "./server/start", "a dispatcher (router.ts, control-router.ts) may import only the other dispatcher"],
    ["mocks/store/new-port.ts", "../domain/clock", "the store's port (store/*.ts) may import only itself"],
    ["mocks/store/new-port.ts", "./sqlite/sqlite", "the store's port (store/*.ts) may import only itself"],
    ["mocks/store/sqlite/new-part.ts", "../indexeddb/schema", "a storage engine (store/<engine>/) may import only the port"],
    ["mocks/store/sqlite/new-part.ts", "../postgres/postgres", "a storage engine (store/<engine>/) may import only the port"],
    ["mocks/store/sqlite/new-part.ts", "../../env/answer", "a storage engine (store/<engine>/) may import only the port"],
    ["mocks/store/sql/new-shared.ts", "../sqlite/sqlite", "a storage engine (store/<engine>/) may import only the port"],
    ["mocks/store/indexeddb/new-part.ts", "../sql/db", "a storage engine (store/<engine>/) may import only the port"],
  ];
  it.each(refused)("%s may not import %s", async (file, path, rule) => {
    const messages = await boundaryMessages(file, importOf(path));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(rule);
    expect(messages[0]).toContain("the layers of mocks/: docs/architecture.md");
  });

  const allowed: [string, string][] = [
    ["mocks/domain/new-rule.ts", "./clock"],
    ["mocks/domain/new-rule.ts", "../store/records"],
    ["mocks/domain/new-rule.ts", "../../src/contract/money"],
    ["mocks/env/new-env.ts", "../domain/clock"],
    ["mocks/handlers/new-handler.ts", "../env/sandbox-env"],
    ["mocks/handlers/new-handler.ts", "./types"],
    ["mocks/control/new-route.ts", "../batch/runner"],
    ["mocks/http/new-edge.ts", "../env/answer"],
    ["mocks/router.ts", "./control-router"],
    ["mocks/router.ts", "./http/incoming"],
    ["mocks/router.ts", "./handlers/types"],
    ["mocks/store/sqlite/new-part.ts", "./sqlite"],
    ["mocks/store/sqlite/new-part.ts", "../sql/db"],
    ["mocks/store/sqlite/new-part.ts", "../port"],
    ["mocks/store/postgres/new-part.ts", "../sql/migrations"],
    ["mocks/store/new-port.ts", "./records"],
    // The outer layers compose the inner ones; a test may drive any part of mocks/.
    ["mocks/server/new-part.ts", "../store/sqlite/sqlite"],
    ["mocks/new-composition.ts", "./server/start"],
    ["mocks/store/new-port.test.ts", "../sandbox"],
  ];
  it.each(allowed)("%s may import %s", async (file, path) => {
    expect(await boundaryMessages(file, importOf(path))).toEqual([]);
  });
});

describe("src/ and mocks/", () => {
  it("src/ may not import mocks/ statically", async () => {
    expect(await boundaryMessages("src/lib/new-part.ts", importOf("../../mocks/sandbox"))).toEqual([
      "src/ may reach mocks/ only through the dynamic import in src/lib/sandbox.ts",
    ]);
  });

  it("a feature may not import another feature", async () => {
    const messages = await boundaryMessages("src/features/console/new-part.ts", importOf("../docs/doc-links"));
    expect(messages).toEqual(["a feature may import only src/components, src/lib, src/contract, src/signing and itself"]);
  });

  it("mocks/ may not import the UI side of src/", async () => {
    expect(await boundaryMessages("mocks/domain/new-rule.ts", importOf("../../src/lib/sandbox"))).toEqual([
      "mocks/ may import only src/contract, src/signing and mocks/ itself",
    ]);
  });
});

describe("cli/ (the psd2-sandbox command)", () => {
  it("may import the server, the contract and the signing code", async () => {
    for (const path of ["../mocks/server/start", "../src/contract/control", "../src/signing/index"])
      expect(await boundaryMessages("cli/new-command.ts", importOf(path))).toEqual([]);
  });

  it("may not reach past the server into the inner layers of mocks/, nor into the portal", async () => {
    for (const path of ["../mocks/domain/clock", "../mocks/store/sqlite/sqlite", "../src/lib/sandbox"])
      expect(await boundaryMessages("cli/new-command.ts", importOf(path))).toEqual([
        "cli/ may import only src/contract, src/signing, the server (mocks/server/) and cli/ itself",
      ]);
  });
});
