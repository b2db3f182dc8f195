/**
 * Local search after the selection (tax-budget.ts): the relaxation that ranks selections ignores whole shares, so
 * the best answer is often a step or so away from the chosen one. Each neighbour sells one step more or one fewer of
 * one symbol (the others repaired to fit the allowance, see neighbour()) and is measured exactly; the first that
 * fills more is taken. When no such neighbour fills more, moves of two steps are tried once; an improvement there
 * starts over with single steps. It ends at a local best or after `limit` neighbours measured.
 */
export const polishSelection = <C extends { readonly sold: readonly number[]; readonly filled: number }>(
  start: C,
  stocks: number,
  neighbourOf: (sold: readonly number[], s: number, delta: number) => number[] | null,
  measure: (sold: readonly number[]) => C,
  limit: number,
  epsilon: number,
): C => {
  let best = start;
  const seen = new Set<string>([start.sold.join(',')]);
  let evaluations = 0;
  /** One pass over every symbol with the moves `deltas`; whether it found a better answer. */
  const pass = (deltas: readonly number[]): boolean => {
    let improved = false;
    for (let s = 0; s < stocks; s += 1) {
      for (const delta of deltas) {
        if (evaluations >= limit) return improved;
        const next = neighbourOf(best.sold, s, delta);
        if (!next) continue;
        const key = next.join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        evaluations += 1;
        const candidate = measure(next);
        if (candidate.filled > best.filled + epsilon) {
          best = candidate;
          improved = true;
        }
      }
    }
    return improved;
  };
  while (evaluations < limit) {
    if (pass([1, -1])) continue;
    if (!pass([2, -2])) break;
  }
  return best;
};
