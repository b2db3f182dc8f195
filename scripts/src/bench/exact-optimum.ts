import type { Highs } from 'highs';
import type { BenchItem } from './bench-universe';

export type ExactOptimum = {
  /** Proven optimal (within `mip_abs_gap`), or stopped by the time limit / an error. */
  readonly status: 'optimal' | 'time-limit' | 'failed';
  /** Units per symbol of the best solution HiGHS has (rounded to integers). */
  readonly units: Map<string, number>;
  /** Best objective value in RR points, as HiGHS reports it. */
  readonly objectivePoints: number;
  readonly seconds: number;
};

/**
 * The exact optimum of RR by mixed-integer programming (product-anchors §2.6), solved by HiGHS:
 *   maximise (100/A)·Σ u_i  s.t.  u_i ≤ p_i·x_i,  0 ≤ u_i ≤ t_i·A,  Σ p_i·x_i ≤ A,  x_i ∈ ℤ, 0 ≤ x_i ≤ ⌈t_i·A/p_i⌉
 * (x_i in units; more units than ⌈T/p⌉ cannot raise RR, so the bound loses nothing). Holdings whose unit costs
 * more than A are left out. `start` (e.g. the engine's answer) is passed as a MIP start, which speeds the proof
 * without changing what is optimal.
 */
export const exactOptimum = (
  highs: Highs,
  items: readonly BenchItem[],
  budget: number,
  timeLimitSeconds: number,
  start?: ReadonlyMap<string, number>,
): ExactOptimum => {
  const candidates = items.filter((item) => item.unitPrice <= budget && item.weight > 0);
  const n = candidates.length;
  const numCols = 2 * n;
  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols);
  const integrality = new Int32Array(numCols);
  const starts = new Int32Array(numCols + 1);
  const indices: number[] = [];
  const values: number[] = [];
  const startValues = new Float64Array(numCols);
  candidates.forEach((item, i) => {
    const targetDollars = item.weight * budget;
    // Column 2i: x_i (units), rows i (fill link) and n (budget).
    colUpper[2 * i] = Math.ceil(targetDollars / item.unitPrice);
    integrality[2 * i] = 1;
    starts[2 * i] = indices.length;
    indices.push(i, n);
    values.push(-item.unitPrice, item.unitPrice);
    // Column 2i+1: u_i (dollars of target filled), row i.
    colUpper[2 * i + 1] = targetDollars;
    colCost[2 * i + 1] = 100 / budget;
    starts[2 * i + 1] = indices.length;
    indices.push(i);
    values.push(1);
    const x = start?.get(item.symbol) ?? 0;
    startValues[2 * i] = Math.min(x, colUpper[2 * i]!);
    startValues[2 * i + 1] = Math.min(targetDollars, startValues[2 * i]! * item.unitPrice);
  });
  starts[numCols] = indices.length;
  const rowLower = new Float64Array(n + 1).fill(-highs.infinity);
  const rowUpper = new Float64Array(n + 1);
  rowUpper[n] = budget;
  const began = performance.now();
  const units = new Map<string, number>();
  try {
    return highs.withModel(
      {
        numCols,
        numRows: n + 1,
        sense: highs.constants.objectiveSense.maximize,
        colCost,
        colLower,
        colUpper,
        rowLower,
        rowUpper,
        integrality,
        matrix: { format: 'csc', numRows: n + 1, numCols, starts, indices: Int32Array.from(indices), values },
      },
      (model) => {
        model.options.set({
          output_flag: false,
          time_limit: timeLimitSeconds,
          mip_rel_gap: 0,
          mip_abs_gap: 1e-7,
          primal_feasibility_tolerance: 1e-9,
          mip_feasibility_tolerance: 1e-9,
        });
        if (start) model.setSolution({ colValue: startValues });
        const { modelStatus } = model.run();
        const solution = model.getSolution();
        candidates.forEach((item, i) => {
          const x = Math.round(solution.colValue[2 * i] ?? 0);
          if (x > 0) units.set(item.symbol, x);
        });
        const optimal = modelStatus === highs.constants.modelStatus.optimal;
        return {
          status: optimal ? 'optimal' : 'time-limit',
          units,
          objectivePoints: model.getObjectiveValue(),
          seconds: (performance.now() - began) / 1000,
        } as const;
      },
    );
  } catch {
    return {
      status: 'failed',
      units,
      objectivePoints: Number.NaN,
      seconds: (performance.now() - began) / 1000,
    };
  }
};
