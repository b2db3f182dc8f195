import { D, dec, measureReplication, type Replication, replicate, toMoneyString } from '@etf-replicator/core';
import type { Highs } from 'highs';
import { benchUniverse } from './bench-universe';
import { exactOptimum } from './exact-optimum';
import { greedyPortfolio } from './greedy-portfolio';
import type { BenchHolding } from './load-etfs';

export type Mode = 'whole' | 'fractional';

/** Holdings left out (issue 17): by symbol and by sector; `label` names the scenario in the report. */
export type BenchExclusion = {
  readonly label: string;
  readonly symbols: readonly string[];
  readonly sectors: readonly string[];
};

export type CaseInput = {
  readonly etf: string;
  readonly holdings: readonly BenchHolding[];
  readonly exclusion: BenchExclusion | null;
  readonly topN: number | null;
  readonly budget: number;
  readonly mode: Mode;
};

export type Outcome = { readonly rr: number; readonly leftover: number };

export type CaseResult = {
  readonly etf: string;
  /** The exclusion scenario ('none' without one). */
  readonly exclusion: string;
  readonly holdingsCount: number;
  readonly topN: number | 'all';
  readonly universeSize: number;
  readonly budget: number;
  readonly mode: Mode;
  readonly engine: Outcome & { readonly ms: number; readonly cpuMs: number };
  readonly greedy: Outcome;
  readonly optimum: {
    readonly status: string;
    /** Proven optimum RR, when the solver finished. */
    readonly rr: number | null;
    /** Best RR the solver had found (the engine's answer is its start), also when the time limit stopped it. */
    readonly incumbentRr: number | null;
    readonly seconds: number;
  } | null;
  /** Optimum RR − engine RR in points, when the solver proved optimality. */
  readonly gapPoints: number | null;
  readonly vsGreedy: 'win' | 'tie' | 'loss';
};

const RR_TIE = 1e-9;
const LEFTOVER_TIE = 0.005;

export type EngineTiming = { readonly replication: Replication; readonly ms: number; readonly cpuMs: number };

const optionsFor = (input: CaseInput) => ({
  numberOfWeightings: input.topN,
  shareIncrement: input.mode === 'whole' ? '0' : '0.01',
  ...(input.exclusion
    ? { exclusions: { symbols: input.exclusion.symbols, sectors: input.exclusion.sectors } }
    : {}),
});

/**
 * The fund the baselines see: without the excluded holdings. Excluding only shrinks the universe (the engine's
 * property tests prove its answer equals the answer for this smaller fund), so greedy and the MILP optimum are
 * computed on exactly the problem the engine solved.
 */
export const remainingHoldings = (input: CaseInput): readonly BenchHolding[] => {
  if (!input.exclusion) return input.holdings;
  const symbols = new Set(input.exclusion.symbols);
  const sectors = new Set(input.exclusion.sectors);
  return input.holdings.filter(
    (holding) => !symbols.has(holding.symbol) && !(holding.sector !== null && sectors.has(holding.sector)),
  );
};

/** Median wall and CPU time of `repeats` runs of the engine (after one untimed run). */
export const timeEngine = (input: CaseInput, repeats: number): EngineTiming => {
  const amount = String(input.budget);
  const run = () => replicate(input.holdings, amount, optionsFor(input));
  let replication = run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < repeats; r += 1) {
    const startedCpu = process.cpuUsage();
    const started = performance.now();
    replication = run();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(startedCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { replication, ms: median(wall), cpuMs: median(cpu) };
};

/** Greedy baseline and exact optimum on the same inputs, all three measured by the same decimal RR function. */
export const evaluateCase = (
  input: CaseInput,
  timing: EngineTiming,
  options: { readonly highs: Highs | null; readonly solverSeconds: number },
): CaseResult => {
  const { topN, budget, mode } = input;
  const holdings = remainingHoldings(input);
  const unitShares = mode === 'whole' ? 1 : 0.01;
  const amount = String(budget);
  const items = benchUniverse(holdings, topN, unitShares);
  const priceOf = new Map(items.map((item) => [item.symbol, item.price]));
  const measure = (units: ReadonlyMap<string, number>): Outcome => {
    const investments = [...units].map(([symbol, count]) => {
      const shares = new D(count).mul(optionsFor(input).shareIncrement === '0' ? 1 : '0.01');
      return { symbol, amountInvested: toMoneyString(shares.mul(dec(priceOf.get(symbol)!))) };
    });
    const invested = investments.reduce((sum, line) => sum.add(dec(line.amountInvested)), new D(0));
    const { replicationRate } = measureReplication(holdings, amount, investments, {
      numberOfWeightings: topN,
    });
    return { rr: Number(replicationRate), leftover: new D(amount).sub(invested).toNumber() };
  };
  const engine = timing.replication;
  const engineOutcome = { rr: Number(engine.replicationRate), leftover: Number(engine.leftoverAmount) };
  const greedy = measure(greedyPortfolio(items, budget));

  let optimum: CaseResult['optimum'] = null;
  let gapPoints: number | null = null;
  if (options.highs) {
    const engineUnits = new Map(
      engine.investments.map(
        (line) => [line.symbol, Math.round(Number(line.numberOfShares) / unitShares)] as const,
      ),
    );
    const solved = exactOptimum(options.highs, items, budget, options.solverSeconds, engineUnits);
    let rr: number | null = null;
    let incumbentRr: number | null = null;
    if (solved.status !== 'failed' && solved.units.size > 0) {
      const measured = measure(solved.units);
      // A rounded solver answer that overspends by a hair is not a valid allocation: fall back to its objective.
      incumbentRr = measured.leftover >= 0 ? measured.rr : solved.objectivePoints;
    }
    if (solved.status === 'optimal') {
      rr = incumbentRr;
      gapPoints = rr === null ? null : rr - engineOutcome.rr;
    }
    optimum = { status: solved.status, rr, incumbentRr, seconds: Number(solved.seconds.toFixed(3)) };
  }
  return {
    etf: input.etf,
    exclusion: input.exclusion?.label ?? 'none',
    holdingsCount: input.holdings.length,
    topN: topN ?? 'all',
    universeSize: items.length,
    budget,
    mode,
    engine: { ...engineOutcome, ms: Number(timing.ms.toFixed(3)), cpuMs: Number(timing.cpuMs.toFixed(3)) },
    greedy,
    optimum,
    gapPoints,
    vsGreedy: compare(engineOutcome, greedy),
  };
};

const compare = (engine: Outcome, greedy: Outcome): CaseResult['vsGreedy'] => {
  if (engine.rr > greedy.rr + RR_TIE) return 'win';
  if (engine.rr < greedy.rr - RR_TIE) return 'loss';
  if (engine.leftover < greedy.leftover - LEFTOVER_TIE) return 'win';
  if (engine.leftover > greedy.leftover + LEFTOVER_TIE) return 'loss';
  return 'tie';
};

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
