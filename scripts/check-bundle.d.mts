// Types for check-bundle.mjs, so TypeScript (tests, lint) can import it.

export interface FileSize {
  /** Path relative to dist, with forward slashes. */
  file: string;
  raw: number;
  gzip: number;
}

export interface FileGroup {
  files: FileSize[];
  /** Sum of the files' gzip sizes, in bytes. */
  gzip: number;
}

export interface Measurement {
  method: "manifest" | "parsed imports";
  firstScreen: FileGroup;
  /** All JavaScript but the docs reader's chunk, which `docs` holds. */
  all: FileGroup;
  docs: FileGroup;
}

export interface BudgetCheck {
  name: string;
  gzip: number;
  kib: number;
  budgetKiB: number;
  ok: boolean;
}

export declare const BUDGETS_KIB: { firstScreen: number; all: number; docs: number };
export declare const GZIP_LEVEL: number;
export declare function htmlEntries(html: string): string[];
export declare function staticImports(code: string): string[];
export declare function measureBundle(distDir?: string): Measurement;
export declare function checkBudgets(measurement: Measurement, budgets?: { firstScreen: number; all: number; docs?: number }): BudgetCheck[];
