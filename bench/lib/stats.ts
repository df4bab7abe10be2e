/** The `p`-th percentile (0-100) of `values` by the nearest-rank method; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** A budget line: the figure, its limit and whether it is met. */
export interface Budget {
  what: string;
  figure: string;
  budget: string;
  met: boolean;
}

/** Prints budgets as a table with a verdict column. */
export function printBudgets(budgets: Budget[]): void {
  console.table(budgets.map((b) => ({ ...b, met: b.met ? 'yes' : 'NO' })));
}
