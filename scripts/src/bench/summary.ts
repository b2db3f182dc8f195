import { type CaseResult, median } from './run-case';

export type BenchSummary = {
  readonly cases: number;
  readonly casesWithOptimum: number;
  readonly lossesVsGreedy: number;
  readonly winsVsGreedy: number;
  readonly tiesVsGreedy: number;
  readonly meanGapToOptimumPoints: number;
  readonly maxGapToOptimumPoints: number;
  /** Solved cases where the engine measured above the solver's answer (solver tolerances); their gap counts as 0. */
  readonly casesAboveSolverOptimum: number;
  /** Unsolved cases: the largest amount by which the solver's best answer within the limit beat the engine. */
  readonly maxGapToSolverIncumbentUnsolvedPoints: number;
  /** Median engine time per ETF holdings count (the input size the engine reads). */
  readonly p50Ms: Record<string, number>;
  readonly largestHoldingsCount: number;
  readonly p50MsLargest: number;
  /** The same medians keyed by the number of holdings actually allocated (top-N). */
  readonly p50MsByUniverseSize: Record<string, number>;
  readonly maxMsLargest: number;
  /** Median CPU time (user + system) per ETF holdings count: less sensitive to other load on the machine. */
  readonly p50CpuMs: Record<string, number>;
  readonly meanGreedyGapToOptimumPoints: number;
  /** The same verdicts per exclusion scenario ('none', 'top holding', a sector): exclusions keep the optimum. */
  readonly byExclusion: Record<
    string,
    {
      readonly cases: number;
      readonly casesWithOptimum: number;
      readonly lossesVsGreedy: number;
      readonly meanGapToOptimumPoints: number;
      readonly maxGapToOptimumPoints: number;
    }
  >;
};

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

const mediansBy = (
  results: readonly CaseResult[],
  key: (result: CaseResult) => number,
  time: (result: CaseResult) => number = (result) => result.engine.ms,
) => {
  const groups = new Map<number, number[]>();
  for (const result of results) groups.set(key(result), [...(groups.get(key(result)) ?? []), time(result)]);
  return Object.fromEntries(
    [...groups].sort(([a], [b]) => a - b).map(([size, times]) => [String(size), round(median(times), 3)]),
  );
};

export const summarise = (results: readonly CaseResult[]): BenchSummary => {
  const solved = results.filter((result) => result.gapPoints !== null);
  const gaps = solved.map((result) => Math.max(0, result.gapPoints!));
  const greedyGaps = solved.map((result) => Math.max(0, result.optimum!.rr! - result.greedy.rr));
  const largestHoldingsCount = Math.max(...results.map((result) => result.holdingsCount));
  const largest = results.filter((result) => result.holdingsCount === largestHoldingsCount);
  const p50Ms = mediansBy(results, (result) => result.holdingsCount);
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  return {
    cases: results.length,
    casesWithOptimum: solved.length,
    lossesVsGreedy: results.filter((result) => result.vsGreedy === 'loss').length,
    winsVsGreedy: results.filter((result) => result.vsGreedy === 'win').length,
    tiesVsGreedy: results.filter((result) => result.vsGreedy === 'tie').length,
    meanGapToOptimumPoints: round(mean(gaps), 9),
    maxGapToOptimumPoints: round(Math.max(0, ...gaps), 9),
    casesAboveSolverOptimum: solved.filter((result) => result.gapPoints! < -1e-9).length,
    maxGapToSolverIncumbentUnsolvedPoints: round(
      Math.max(
        0,
        ...results
          .filter((result) => result.gapPoints === null && result.optimum?.incumbentRr != null)
          .map((result) => result.optimum!.incumbentRr! - result.engine.rr),
      ),
      9,
    ),
    p50Ms,
    largestHoldingsCount,
    p50MsLargest: p50Ms[String(largestHoldingsCount)] ?? 0,
    p50MsByUniverseSize: mediansBy(results, (result) => result.universeSize),
    maxMsLargest: round(Math.max(...largest.map((result) => result.engine.ms)), 3),
    p50CpuMs: mediansBy(
      results,
      (result) => result.holdingsCount,
      (result) => result.engine.cpuMs,
    ),
    meanGreedyGapToOptimumPoints: round(mean(greedyGaps), 6),
    byExclusion: Object.fromEntries(
      [...new Set(results.map((result) => result.exclusion))].map((label) => {
        const group = results.filter((result) => result.exclusion === label);
        const groupGaps = group
          .filter((result) => result.gapPoints !== null)
          .map((result) => Math.max(0, result.gapPoints!));
        return [
          label,
          {
            cases: group.length,
            casesWithOptimum: groupGaps.length,
            lossesVsGreedy: group.filter((result) => result.vsGreedy === 'loss').length,
            meanGapToOptimumPoints: round(mean(groupGaps), 9),
            maxGapToOptimumPoints: round(Math.max(0, ...groupGaps), 9),
          },
        ];
      }),
    ),
  };
};

/**
 * One line per ETF × top-N × mode: mean RR of engine and greedy, engine wins/ties/losses against greedy, cases the
 * solver finished, mean and worst gap to the optimum (RR points) and the engine's median time.
 */
export const formatTable = (results: readonly CaseResult[]): string => {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    const key = `${result.etf}|${result.exclusion}|${result.topN}|${result.mode}`;
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  const header = [
    'ETF',
    'excluded',
    'top-N',
    'mode',
    'cases',
    'engine RR',
    'greedy RR',
    'W/T/L',
    'solved',
    'mean gap',
    'max gap',
    'p50 ms',
  ];
  const rows = [...groups.values()].map((group) => {
    const first = group[0]!;
    const mean = (pick: (result: CaseResult) => number) =>
      group.reduce((sum, r) => sum + pick(r), 0) / group.length;
    const solved = group.filter((result) => result.gapPoints !== null);
    const count = (kind: CaseResult['vsGreedy']) => group.filter((result) => result.vsGreedy === kind).length;
    return [
      first.etf,
      first.exclusion,
      String(first.topN),
      first.mode,
      String(group.length),
      mean((r) => r.engine.rr).toFixed(3),
      mean((r) => r.greedy.rr).toFixed(3),
      `${count('win')}/${count('tie')}/${count('loss')}`,
      String(solved.length),
      solved.length
        ? (solved.reduce((sum, r) => sum + Math.max(0, r.gapPoints!), 0) / solved.length).toFixed(4)
        : '–',
      solved.length ? Math.max(...solved.map((r) => Math.max(0, r.gapPoints!))).toFixed(4) : '–',
      median(group.map((r) => r.engine.ms)).toFixed(2),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column]!)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
};
