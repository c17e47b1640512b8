/** Figures of a list of times: percentiles (nearest rank) and rounding for the report. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
export const round = (value: number): number => Math.round(value * 100) / 100;
