/** How the performance page writes a figure, a verdict and a table. */

import { figure as at } from "./report";

export type Row = [what: string, measured: string, target: string];

export const number = (value: number | undefined, digits = 1) =>
  value === undefined ? "—" : value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
export const seconds = (ms: number | undefined) => (ms === undefined ? "—" : `${number(ms / 1000)} s`);
export const ms = (value: number | undefined) => (value === undefined ? "—" : `${number(value)} ms`);
export const several = (values: number[], digits = 0) => values.map((value) => number(value, digits)).join(", ");
/** Whether a target was met; "not met" on a machine busier than its cores says so, as the load may be the cause. */
export const judge = (busy: boolean) => (met: boolean | undefined, target: string) =>
  `${target}: ${met === undefined ? "not measured" : met ? "met" : busy ? "**not met** at that load" : "**not met**"}`;
/** CPU seconds as milliseconds, for `seconds`. */
export const cpu = (f: unknown, path: string) => {
  const value = at(f, path);
  return value === undefined ? undefined : value * 1000;
};
export const atMost = (value: number | undefined, bound: number) => (value === undefined ? undefined : value <= bound);

export const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
