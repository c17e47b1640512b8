/**
 * The lazily loaded pages, and what each needs before it can render. A page is shown by state, not
 * by Suspense: React holds back content that ends a Suspense fallback until 300 ms after the
 * fallback appeared, which put the console's largest paint at ~0.9 s although its code had
 * arrived at ~0.3 s. main.tsx starts loading the page of the address being opened before React
 * renders, so its code arrives while the shell paints.
 */
import type { ComponentType } from "react";
import { parse } from "regexparam";
import { loadOpenApi } from "../lib/openapi-document";

const modules = {
  referenceIndex: () => import("../features/reference/reference-index-page"),
  operation: () => import("../features/reference/operation-page"),
  consoleIndex: () => import("../features/console/console-index-page"),
  console: () => import("../features/console/console-page"),
  bank: () => import("../features/bank/bank-page"),
  callback: () => import("../features/bank/callback-page"),
  explorer: () => import("../features/explorer/explorer-page"),
  history: () => import("../features/history/history-page"),
  traffic: () => import("../features/traffic/traffic-page"),
  settings: () => import("../features/settings/settings-page"),
  decision: () => import("../features/docs/decision-page"),
  quickStart: () => import("../features/docs/quick-start-page"),
  openApi: () => import("../features/docs/openapi-page"),
  firstPayment: () => import("../features/first-payment/first-payment-page"),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type PageName = keyof typeof modules;

/**
 * Pages built from the OpenAPI document read it synchronously once it has arrived. The operation page
 * is not one: its parts from the document wait for it in a Suspense boundary of their own, so its title,
 * summary and example do not.
 */
const needsOpenApi: ReadonlySet<PageName> = new Set(["console"]);

const ready = new Map<PageName, ComponentType>();
const loading = new Map<PageName, Promise<ComponentType>>();

/** The page's component if it has loaded, so a second visit renders at once. */
export const loadedPage = (name: PageName): ComponentType | undefined => ready.get(name);

/** Loads a page and what it needs; a failed load is forgotten so the next visit tries again. */
export function loadPage(name: PageName): Promise<ComponentType> {
  let promise = loading.get(name);
  if (!promise) {
    promise = Promise.all([modules[name](), needsOpenApi.has(name) ? loadOpenApi() : undefined]).then(
      ([module]) => {
        ready.set(name, module.default);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, promise);
  }
  return promise;
}

/**
 * Which page each address shows: the one table behind the portal's routes (app.tsx) and the
 * prefetch below. Matched in order, with wouter's own pattern parser.
 */
export const pageRoutes: readonly { path: string; page: PageName }[] = [
  { path: "/reference", page: "referenceIndex" },
  { path: "/reference/:operationId", page: "operation" },
  { path: "/try", page: "consoleIndex" },
  { path: "/try/:operationId", page: "console" },
  { path: "/bank/authorize/:subject/:id", page: "bank" },
  { path: "/callback", page: "callback" },
  { path: "/sandbox", page: "explorer" },
  { path: "/sandbox/:section", page: "explorer" },
  { path: "/history", page: "history" },
  { path: "/history/:exchangeId", page: "history" },
  { path: "/traffic", page: "traffic" },
  { path: "/traffic/:id", page: "traffic" },
  { path: "/settings", page: "settings" },
  { path: "/decisions", page: "decision" },
  { path: "/decisions/:decision", page: "decision" },
  { path: "/quick-start", page: "quickStart" },
  { path: "/openapi", page: "openApi" },
  { path: "/first-payment", page: "firstPayment" },
];

const matchers = pageRoutes.map((route) => ({ ...route, pattern: parse(route.path).pattern }));

export function pageOf(pathname: string): PageName | undefined {
  return matchers.find((route) => route.pattern.test(pathname))?.page;
}

/** Starts loading the page of this address (its failure is reported when the page renders). */
export function prefetchPage(pathname: string): void {
  const page = pageOf(pathname);
  if (page) loadPage(page).catch(() => undefined);
}
