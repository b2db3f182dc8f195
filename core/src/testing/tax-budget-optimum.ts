import type { Highs } from 'highs';
import { allowanceOf } from '../replication/tax-budget';
import { buildSellCurve, isShortTermGain } from '../replication/tax-budget-lots';
import type { TaxAwareInput, TaxBudget } from '../replication/tax-budget-types';
import { selectUniverse } from '../replication/universe';
import { D, dec, ZERO } from '../shared/decimal';

export type TaxBudgetOptimum = {
  readonly status: 'optimal' | 'time-limit' | 'failed';
  /** RR in points of the best solution found (at D = A: the positions never exceed A). */
  readonly rate: number;
  readonly seconds: number;
  /** Shares sold per symbol in the solution found. */
  readonly sold: ReadonlyMap<string, number>;
};

/**
 * The exact optimum of the tax-budget problem by MILP, solved by HiGHS (the engine's reference; independent of its
 * search). Per held symbol j and lot l in its close order: y_jl ∈ [0, shares_l] shares sold, binaries z_jl
 * ("lot l sold out", required before lot l+1 is touched: y_jl ≥ s_l·z_jl, y_j,l+1 ≤ s_l+1·z_jl), integer sell
 * units q_j = Σ_l y_jl / u; per universe symbol integer buy units b_j, a binary σ_j (sell or buy, never both) and
 * the target dollars filled f_j ≤ min(T_j, p_j·(h_j − u·q_j + u·b_j)). Rows: Σ gains ≤ allowance; buys − proceeds ≤
 * min(cash, A − held value). Lots forbidden by the short-term rule bound their y (and every later one) to 0.
 * Maximise 100/A · Σ f_j. Positions must be whole numbers of increments.
 */
export const taxBudgetOptimum = (
  highs: Highs,
  input: TaxAwareInput,
  budget: TaxBudget,
  timeLimitSeconds = 30,
): TaxBudgetOptimum => {
  const amount = dec(input.amount);
  const a = amount.toNumber();
  const increment = dec(input.shareIncrement ?? '0');
  const unit = increment.isZero() ? new D(1) : increment;
  const u = unit.toNumber();
  const universe = selectUniverse(input.holdings, input.numberOfWeightings, input.exclusions);
  const inUniverse = new Map(universe.items.map((item) => [item.symbol, item] as const));
  const priceOf = (symbol: string) => dec(universe.prices.get(symbol) ?? input.prices?.[symbol] ?? '0');
  const kept = new Set(Object.keys(input.exclusions?.kept ?? {}).filter((symbol) => !inUniverse.has(symbol)));
  let keptValue = ZERO;
  let heldValue = ZERO;
  const held = new Map<string, number>();
  for (const [symbol, value] of Object.entries(input.positions)) {
    const shares = dec(value);
    if (!shares.gt(0)) continue;
    heldValue = heldValue.add(shares.mul(priceOf(symbol)));
    if (kept.has(symbol)) keptValue = keptValue.add(shares.mul(priceOf(symbol)));
    else held.set(symbol, shares.toNumber());
  }
  const allocated = amount.sub(keptValue).toNumber();
  const weightSum = universe.weightSum.toNumber();
  const allowance = allowanceOf(budget, dec(input.realisedNetGain));

  const colCost: number[] = [];
  const colLower: number[] = [];
  const colUpper: number[] = [];
  const integrality: number[] = [];
  const columns: [number, number][][] = [];
  const rowLower: number[] = [];
  const rowUpper: number[] = [];
  const row = (lower: number, upper: number) => {
    rowLower.push(lower);
    rowUpper.push(upper);
    return rowLower.length - 1;
  };
  const column = (
    cost: number,
    lower: number,
    upper: number,
    integer: boolean,
    entries: [number, number][],
  ) => {
    colCost.push(cost);
    colLower.push(lower);
    colUpper.push(upper);
    integrality.push(integer ? 1 : 0);
    columns.push(entries);
    return columns.length - 1;
  };
  const gainRow = row(-highs.infinity, allowance === null ? highs.infinity : allowance.toNumber());
  const cashRow = row(
    -highs.infinity,
    Math.min(dec(input.cash).toNumber(), amount.sub(heldValue).toNumber()),
  );
  const symbols = new Set([...held.keys(), ...inUniverse.keys()]);
  const sellColumns: [string, number][] = [];
  for (const symbol of symbols) {
    const price = priceOf(symbol).toNumber();
    const h = held.get(symbol) ?? 0;
    const item = inUniverse.get(symbol);
    const target = item ? (allocated * item.weight) / weightSum : 0;
    const most = item ? Math.ceil(target / (price * u)) + 1 : 0;
    const heldUnits = Math.round(h / u);
    const fill = item ? row(-highs.infinity, price * h) : -1;
    const sellUnits = h > 0 ? row(0, 0) : -1;
    // q − (h/u)·σ ≤ 0 and b + most·σ ≤ most: a symbol is sold or bought, never both.
    const sellSide = item && h > 0 ? row(-highs.infinity, 0) : -1;
    const buySide = item && h > 0 ? row(-highs.infinity, most) : -1;
    if (h > 0) {
      const curve = buildSellCurve(
        symbol,
        dec(String(h)),
        priceOf(symbol),
        input.lots,
        input.lotMethod,
        input.today,
      );
      let forbidden = false;
      let previousNext = -1;
      curve.lots.forEach((lot, l) => {
        forbidden ||= !budget.allowShortTermGains && isShortTermGain(lot);
        const shares = lot.shares.toNumber();
        const link = l < curve.lots.length - 1 ? row(0, highs.infinity) : -1;
        const entries: [number, number][] = [
          [gainRow, lot.gainPerShare.toNumber()],
          [cashRow, -price],
          [sellUnits, 1],
        ];
        if (fill >= 0) entries.push([fill, price]);
        if (link >= 0) entries.push([link, 1]);
        if (previousNext >= 0) entries.push([previousNext, 1]);
        sellColumns.push([symbol, column(0, 0, forbidden ? 0 : shares, false, entries)]);
        if (link >= 0) {
          // z_jl: y_jl − s_l·z ≥ 0 (row `link`) and y_j,l+1 − s_l+1·z ≤ 0 (row `next`).
          const next = row(-highs.infinity, 0);
          column(0, 0, 1, true, [
            [link, -shares],
            [next, -curve.lots[l + 1]!.shares.toNumber()],
          ]);
          previousNext = next;
        }
      });
      const q: [number, number][] = [[sellUnits, -u]];
      if (sellSide >= 0) q.push([sellSide, 1]);
      column(0, 0, heldUnits, true, q);
    }
    if (item) {
      const b: [number, number][] = [
        [fill, -price * u],
        [cashRow, price * u],
      ];
      if (buySide >= 0) b.push([buySide, 1]);
      column(0, 0, most, true, b);
      if (sellSide >= 0)
        column(0, 0, 1, true, [
          [sellSide, -heldUnits],
          [buySide, most],
        ]);
      column(100 / a, 0, target, false, [[fill, 1]]);
    }
  }
  return run(
    highs,
    { colCost, colLower, colUpper, integrality, columns, rowLower, rowUpper, sellColumns },
    timeLimitSeconds,
  );
};

type Model = {
  readonly colCost: number[];
  readonly colLower: number[];
  readonly colUpper: number[];
  readonly integrality: number[];
  readonly columns: [number, number][][];
  readonly rowLower: number[];
  readonly rowUpper: number[];
  readonly sellColumns: [string, number][];
};

const run = (highs: Highs, model: Model, timeLimitSeconds: number): TaxBudgetOptimum => {
  const numCols = model.columns.length;
  const numRows = model.rowLower.length;
  const starts = new Int32Array(numCols + 1);
  const indices: number[] = [];
  const values: number[] = [];
  model.columns.forEach((entries, c) => {
    starts[c] = indices.length;
    for (const [r, v] of [...entries].sort(([x], [y]) => x - y)) {
      indices.push(r);
      values.push(v);
    }
  });
  starts[numCols] = indices.length;
  const began = Date.now();
  const seconds = () => (Date.now() - began) / 1000;
  try {
    return highs.withModel(
      {
        numCols,
        numRows,
        sense: highs.constants.objectiveSense.maximize,
        colCost: Float64Array.from(model.colCost),
        colLower: Float64Array.from(model.colLower),
        colUpper: Float64Array.from(model.colUpper),
        rowLower: Float64Array.from(model.rowLower),
        rowUpper: Float64Array.from(model.rowUpper),
        integrality: Int32Array.from(model.integrality),
        matrix: { format: 'csc', numRows, numCols, starts, indices: Int32Array.from(indices), values },
      },
      (solver): TaxBudgetOptimum => {
        solver.options.set({
          output_flag: false,
          time_limit: timeLimitSeconds,
          mip_rel_gap: 0,
          mip_abs_gap: 1e-7,
          primal_feasibility_tolerance: 1e-9,
          mip_feasibility_tolerance: 1e-9,
        });
        const { modelStatus } = solver.run();
        const optimal = modelStatus === highs.constants.modelStatus.optimal;
        const { colValue } = solver.getSolution();
        const sold = new Map<string, number>();
        for (const [symbol, c] of model.sellColumns) {
          const shares = Math.round((colValue[c] ?? 0) * 1e6) / 1e6;
          if (shares > 0) sold.set(symbol, (sold.get(symbol) ?? 0) + shares);
        }
        return {
          status: optimal ? 'optimal' : 'time-limit',
          rate: solver.getObjectiveValue(),
          seconds: seconds(),
          sold,
        };
      },
    );
  } catch {
    return { status: 'failed', rate: Number.NaN, seconds: seconds(), sold: new Map() };
  }
};
