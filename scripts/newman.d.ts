/**
 * The part of newman's Node API (https://github.com/postmanlabs/newman#api-reference) the
 * collection test uses; newman ships no types and @types/newman is not a dependency.
 */
declare module "newman" {
  interface NewmanExecution {
    item: { name: string };
    request: { method: string; url: { toString(): string }; headers: { key: string; value: string }[] };
    response?: { code: number; text(): string };
    requestError?: { message: string };
    assertions?: { assertion: string; error?: { message: string } }[];
  }
  interface NewmanFailure {
    error: { name: string; message: string; test?: string };
    source?: { name?: string };
  }
  interface NewmanSummary {
    run: {
      executions: NewmanExecution[];
      failures: NewmanFailure[];
      stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
    };
  }
  interface NewmanRunOptions {
    collection: object;
    reporters?: string | string[];
    timeoutRequest?: number;
    /** How many times the whole collection runs, one after another (collection variables carry over). */
    iterationCount?: number;
    envVar?: { key: string; value: string }[];
  }
  export function run(options: NewmanRunOptions, callback: (error: Error | null, summary: NewmanSummary) => void): void;
}
