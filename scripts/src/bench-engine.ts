/**
 * Engine benchmark: every bundled ETF with prices × budgets × top-N × whole/fractional shares, comparing on the
 * same inputs (a) our engine, (b) PyPortfolioOpt's greedy_portfolio re-implemented, (c) the HiGHS MILP optimum.
 *   npm run bench:engine -- --out bench-results/engine.json [--solver-seconds 10] [--repeats 5] [--only VTI,QQQ]
 *                           [--no-solver] [--exclusions with|only|none] [--tax with|only|none]
 *                           [--indexes with|only|none]
 * Exclusion cases (issue 17): each ETF again without its largest holding, and without its largest sector; greedy
 * and the optimum then run on the fund without the excluded holdings (the same problem the engine solves).
 * Tax-budget cases (issue 31): each ETF as an imported portfolio with real lots, at budgets from $0 to no limit,
 * against the HiGHS optimum of the same problem (bench/tax-budget-bench.ts); their summary is one JSON line.
 * Index cases (issue 30): two blends and a 50-stock custom list, resolved as a tracking resolves them
 * (bench/index-cases.ts), at every top-N, mode and budget, without exclusions.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import loadHighs from 'highs';
import { benchIndexes } from './bench/index-cases';
import { type BundledEtf, loadBundledEtfs } from './bench/load-etfs';
import {
  type BenchExclusion,
  type CaseInput,
  type CaseResult,
  evaluateCase,
  type Mode,
  timeEngine,
} from './bench/run-case';
import { formatTable, summarise } from './bench/summary';
import { runTaxBudgetBench } from './bench/tax-budget-bench';

const BUDGETS = [1_000, 5_000, 10_000, 50_000, 100_000, 1_000_000];
const TOP_NS: (number | null)[] = [10, 50, null];
const MODES: Mode[] = ['whole', 'fractional'];

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    data: { type: 'string', default: resolve(import.meta.dirname, '../../data/etf') },
    'solver-seconds': { type: 'string', default: '10' },
    repeats: { type: 'string', default: '5' },
    only: { type: 'string' },
    'no-solver': { type: 'boolean', default: false },
    exclusions: { type: 'string', default: 'with' },
    tax: { type: 'string', default: 'with' },
    indexes: { type: 'string', default: 'with' },
  },
});

/** The scenarios per ETF: none, its largest priced holding excluded, its largest sector excluded. */
const exclusionsFor = (etf: BundledEtf): (BenchExclusion | null)[] => {
  const which = values.exclusions;
  const none = which === 'only' ? [] : [null];
  if (which === 'none') return none;
  const priced = etf.holdings.filter((holding) => holding.isAvailable);
  const top = [...priced].sort((a, b) => Number(b.weightPercentage) - Number(a.weightPercentage))[0];
  const sectorWeights = new Map<string, number>();
  for (const holding of priced)
    if (holding.sector)
      sectorWeights.set(
        holding.sector,
        (sectorWeights.get(holding.sector) ?? 0) + Number(holding.weightPercentage),
      );
  const [sector] = [...sectorWeights].sort(([, a], [, b]) => b - a)[0] ?? [];
  return [
    ...none,
    ...(top ? [{ label: `stock ${top.symbol}`, symbols: [top.symbol], sectors: [] }] : []),
    ...(sector ? [{ label: `sector ${sector}`, symbols: [], sectors: [sector] }] : []),
  ];
};

const main = async () => {
  const only = values.only?.split(',').map((symbol) => symbol.trim().toUpperCase());
  const etfs = loadBundledEtfs(values.data).filter((etf) => !only || only.includes(etf.symbol));
  const highs = values['no-solver'] ? null : await loadHighs();
  const solverSeconds = Number(values['solver-seconds']);
  const repeats = Number(values.repeats);
  const tax =
    values.tax === 'none'
      ? null
      : runTaxBudgetBench(values.data, etfs, { highs, solverSeconds, repeats: Math.max(1, repeats) });
  if (tax) console.log(JSON.stringify({ taxBudget: tax.summary }));
  const cases: CaseInput[] = [];
  const onlyIndexes = values.indexes === 'only';
  const indexes =
    values.indexes === 'none' || values.tax === 'only' ? [] : benchIndexes(loadBundledEtfs(values.data));
  const scenarios = (etf: BundledEtf) =>
    indexes.some((index) => index.symbol === etf.symbol) ? [null] : exclusionsFor(etf);
  for (const etf of [...(values.tax === 'only' || onlyIndexes ? [] : etfs), ...indexes]) {
    const tradable = etf.holdings.filter((holding) => holding.isAvailable).length;
    // A top-N at or above the number of tradable holdings is the "all" case again: run it once.
    const topNs = TOP_NS.filter((topN) => topN === null || topN < tradable);
    for (const exclusion of scenarios(etf)) {
      for (const topN of topNs) {
        for (const mode of MODES) {
          for (const budget of BUDGETS)
            cases.push({ etf: etf.symbol, holdings: etf.holdings, exclusion, topN, budget, mode });
        }
      }
    }
  }
  // Timing first, on its own: the solver's WebAssembly memory and the baselines' garbage stay out of the clock.
  for (const input of cases.slice(0, 20)) timeEngine(input, 1);
  const timings = cases.map((input) => timeEngine(input, repeats));
  const results: CaseResult[] = cases.map((input, i) => {
    const result = evaluateCase(input, timings[i]!, { highs, solverSeconds });
    process.stderr.write(
      `${input.etf} ${result.exclusion} top-${result.topN} ${input.mode} $${input.budget}: engine ${result.engine.rr.toFixed(4)} ` +
        `greedy ${result.greedy.rr.toFixed(4)} optimum ${result.optimum?.rr?.toFixed(4) ?? result.optimum?.status ?? '-'} ` +
        `${result.engine.ms.toFixed(1)} ms\n`,
    );
    return result;
  });
  if (values.tax === 'only') {
    if (values.out && tax) {
      mkdirSync(dirname(resolve(values.out)), { recursive: true });
      writeFileSync(
        values.out,
        `${JSON.stringify({ taxBudget: tax, generatedAt: new Date().toISOString() }, null, 2)}\n`,
      );
    }
    return;
  }
  const summary = summarise(results);
  console.log(formatTable(results));
  console.log(`\n${JSON.stringify(summary, null, 2)}`);
  if (values.out) {
    const report = {
      ...summary,
      solverTimeLimitSeconds: highs ? solverSeconds : null,
      repeatsPerCase: repeats,
      budgets: BUDGETS,
      topNs: TOP_NS.map((topN) => topN ?? 'all'),
      modes: MODES,
      exclusions: values.exclusions,
      machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' },
      generatedAt: new Date().toISOString(),
      results,
      ...(tax ? { taxBudget: tax } : {}),
    };
    mkdirSync(dirname(resolve(values.out)), { recursive: true });
    writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWritten to ${values.out}`);
  }
};

await main();
