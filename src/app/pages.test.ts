import { describe, expect, test, vi } from "vitest";

const loaded: string[] = [];
let openApiLoads = 0;
vi.mock("../features/console/console-page", () => {
  loaded.push("console");
  return { default: () => null };
});
vi.mock("../features/reference/operation-page", () => {
  loaded.push("operation");
  return { default: () => null };
});
vi.mock("../features/explorer/explorer-page", () => {
  loaded.push("explorer");
  return { default: () => null };
});
vi.mock("../features/history/history-page", () => {
  throw new Error("chunk missing");
});
vi.mock("../lib/openapi-document", () => ({
  loadOpenApi: () => {
    openApiLoads++;
    return Promise.resolve({});
  },
}));

const { loadedPage, loadPage, prefetchPage } = await import("./pages");

describe("loading the pages", () => {
  test("each address starts loading its own page, and only that; the console, built from the OpenAPI document, loads it too (the operation page's parts wait for it on the page)", async () => {
    prefetchPage("/try/createPayment");
    prefetchPage("/reference/createPeriodicPayment");
    prefetchPage("/sandbox/transactions");
    prefetchPage("/");
    prefetchPage("/nowhere");
    await vi.waitFor(() => {
      expect(loaded.sort()).toEqual(["console", "explorer", "operation"]);
    });
    expect(openApiLoads).toBe(1);
    await vi.waitFor(() => {
      expect(loadedPage("console")).toBeTypeOf("function");
    });
    expect(loadedPage("settings")).toBeUndefined();
  });

  test("a page whose code fails to load reports it, and is tried again on the next visit", async () => {
    await expect(loadPage("history")).rejects.toThrow();
    expect(loadedPage("history")).toBeUndefined();
    await expect(loadPage("history")).rejects.toThrow();
  });
});
