/**
 * 0/1 knapsack by an expanding core (Pisinger's "minknap" idea, simplified), used to choose the extra units.
 *
 * Items are sorted by profit density. The break solution takes them in that order until the first one that does
 * not fit. The optimum differs from it only near the break, so a Pareto list of (weight, profit) states grows
 * outwards from there: one step adds the next item on the right (not taken yet), the next removes the next item on
 * the left (taken). A state is dropped when a lighter state is at least as profitable, or when even the LP bound
 * of its remaining items cannot beat the best feasible profit found. When the list empties, the best is optimal.
 *
 * Weights are exact integers (ticks). Profits are floats; `epsilon` is the tie tolerance. Two limits bound the
 * worst case (equal densities turn the problem into subset-sum, where bounds prune nothing): `maxStates` keeps
 * the states with the best bounds, nearest the capacity on ties, and `maxWork` stops expanding. The answer is then
 * still feasible and never worse than the greedy solution the search starts from; `exact` says whether it is proven
 * (optimal, or within `tolerance` when one is given).
 */
export type KnapsackInput = {
  readonly weights: ArrayLike<number>;
  readonly profits: ArrayLike<number>;
  /** Items already paid for; the answer may drop them to make room. */
  readonly selected: ArrayLike<boolean>;
  /** Capacity left after the selected items, in the weights' unit. */
  readonly freeCapacity: number;
  readonly epsilon: number;
  /** Stop once no state's bound beats the best by more than this (0 = prove optimality). */
  readonly tolerance?: number;
  readonly maxStates?: number;
  readonly maxWork?: number;
};

export type KnapsackResult = {
  readonly selected: boolean[];
  readonly profit: number;
  readonly exact: boolean;
};

export const solveKnapsack = (input: KnapsackInput): KnapsackResult => {
  const { weights, profits, epsilon } = input;
  const n = weights.length;
  const maxStates = input.maxStates ?? 2000;
  const maxWork = input.maxWork ?? 2_000_000;
  const tolerance = Math.max(input.tolerance ?? 0, epsilon);
  const density = new Float64Array(n);
  for (let i = 0; i < n; i += 1) density[i] = profits[i]! / weights[i]!;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => density[b]! - density[a]! || Number(input.selected[b]) - Number(input.selected[a]) || a - b,
  );
  let capacity = input.freeCapacity;
  let startProfit = 0;
  for (let i = 0; i < n; i += 1) {
    if (input.selected[i]) {
      capacity += weights[i]!;
      startProfit += profits[i]!;
    }
  }
  let b = 0;
  let breakWeight = 0;
  let breakProfit = 0;
  for (; b < n && breakWeight + weights[order[b]!]! <= capacity; b += 1) {
    breakWeight += weights[order[b]!]!;
    breakProfit += profits[order[b]!]!;
  }
  const breakSelection = (): boolean[] => {
    const selection = new Array<boolean>(n).fill(false);
    for (let k = 0; k < b; k += 1) selection[order[k]!] = true;
    return selection;
  };

  // Lower bounds to beat: the starting selection, and greedy with skipping.
  let bestProfit = startProfit;
  let bestSelection = Array.from({ length: n }, (_, i) => Boolean(input.selected[i]));
  const greedy = breakSelection();
  let greedyWeight = breakWeight;
  let greedyProfit = breakProfit;
  for (let k = b; k < n; k += 1) {
    const item = order[k]!;
    if (greedyWeight + weights[item]! <= capacity) {
      greedy[item] = true;
      greedyWeight += weights[item]!;
      greedyProfit += profits[item]!;
    }
  }
  if (greedyProfit > bestProfit + epsilon) {
    bestProfit = greedyProfit;
    bestSelection = greedy;
  }

  const states = new StateLists(2 * maxStates + 2);
  const nodes = new NodePool();
  states.push(breakWeight, breakProfit, -1, 0);
  states.flip();
  let bestNode = Number.NaN;
  let s = b;
  let t = b - 1;
  let work = 0;
  let exact = true;

  const expand = (position: number, sign: 1 | -1) => {
    const item = order[position]!;
    const dw = sign * weights[item]!;
    const dp = sign * profits[item]!;
    const rightDensity = t + 1 < n ? density[order[t + 1]!]! : 0;
    const leftDensity = s - 1 >= 0 ? density[order[s - 1]!]! : Number.POSITIVE_INFINITY;
    const { w: W, p: P, node: N } = states;
    const m = states.length;
    let lastProfit = Number.NEGATIVE_INFINITY;
    let i = 0;
    let j = 0;
    while (i < m || j < m) {
      const shiftedW = j < m ? W[j]! + dw : 0;
      const takeOld = j >= m || (i < m && (W[i]! < shiftedW || (W[i] === shiftedW && P[i]! >= P[j]! + dp)));
      const w = takeOld ? W[i]! : shiftedW;
      const p = takeOld ? P[i]! : P[j]! + dp;
      const parent = takeOld ? N[i]! : N[j]!;
      if (takeOld) i += 1;
      else j += 1;
      if (p <= lastProfit + epsilon) continue;
      lastProfit = p;
      let node = takeOld ? parent : Number.NaN;
      const feasible = w <= capacity;
      if (feasible && p > bestProfit + epsilon) {
        if (!takeOld) node = nodes.push(position, parent);
        bestProfit = p;
        bestNode = node;
      }
      const bound = feasible ? p + (capacity - w) * rightDensity : p - (w - capacity) * leftDensity;
      if (!(bound > bestProfit + tolerance)) continue;
      if (Number.isNaN(node)) node = nodes.push(position, parent);
      states.push(w, p, node, bound);
    }
    work += m;
    if (states.nextLength > maxStates) {
      exact = false;
      states.thin(capacity, maxStates);
    }
    states.flip();
  };

  while (states.length > 0 && (t + 1 < n || s > 0)) {
    if (work > maxWork) {
      exact = false;
      break;
    }
    if (t + 1 < n) {
      t += 1;
      expand(t, 1);
    }
    if (states.length > 0 && s > 0) {
      s -= 1;
      expand(s, -1);
    }
  }

  if (!Number.isNaN(bestNode)) {
    bestSelection = breakSelection();
    for (let node = bestNode; node !== -1; node = nodes.next[node]!) {
      const item = order[nodes.position[node]!]!;
      bestSelection[item] = !bestSelection[item];
    }
  }
  return { selected: bestSelection, profit: bestProfit, exact };
};

/** Two preallocated state lists (current and next), sorted by weight, swapped after each expansion. */
class StateLists {
  w: Float64Array;
  p: Float64Array;
  node: Float64Array;
  length = 0;
  private nextW: Float64Array;
  private nextP: Float64Array;
  private nextNode: Float64Array;
  private bounds: Float64Array;
  private scratch: Float64Array;
  nextLength = 0;

  constructor(size: number) {
    this.w = new Float64Array(size);
    this.p = new Float64Array(size);
    this.node = new Float64Array(size);
    this.nextW = new Float64Array(size);
    this.nextP = new Float64Array(size);
    this.nextNode = new Float64Array(size);
    this.bounds = new Float64Array(size);
    this.scratch = new Float64Array(size);
  }

  push(w: number, p: number, node: number, bound: number) {
    const k = this.nextLength++;
    this.nextW[k] = w;
    this.nextP[k] = p;
    this.nextNode[k] = node;
    this.bounds[k] = bound;
  }

  flip() {
    [this.w, this.nextW] = [this.nextW, this.w];
    [this.p, this.nextP] = [this.nextP, this.p];
    [this.node, this.nextNode] = [this.nextNode, this.node];
    this.length = this.nextLength;
    this.nextLength = 0;
  }

  /**
   * Keeps the `keep` next-states with the best bounds; among equal bounds (equal densities make the problem a
   * subset-sum, where every bound ties) those whose weight is nearest the capacity. O(m), order preserved.
   */
  thin(capacity: number, keep: number) {
    const m = this.nextLength;
    this.scratch.set(this.bounds.subarray(0, m));
    const threshold = kthLargest(this.scratch, m, keep);
    let above = 0;
    for (let k = 0; k < m; k += 1) if (this.bounds[k]! > threshold) above += 1;
    // Ties are in weight order: take them outwards from the capacity.
    let right = 0;
    while (right < m && !(this.bounds[right] === threshold && this.nextW[right]! > capacity)) right += 1;
    let left = right - 1;
    const chosen = this.scratch;
    chosen.fill(0, 0, m);
    for (let k = 0; k < m; k += 1) if (this.bounds[k]! > threshold) chosen[k] = 1;
    let slots = keep - above;
    const nextTie = (from: number, step: 1 | -1) => {
      let k = from;
      while (k >= 0 && k < m && this.bounds[k] !== threshold) k += step;
      return k;
    };
    left = nextTie(left, -1);
    right = nextTie(right, 1);
    while (slots > 0 && (left >= 0 || right < m)) {
      const takeLeft =
        right >= m || (left >= 0 && capacity - this.nextW[left]! <= this.nextW[right]! - capacity);
      if (takeLeft) {
        chosen[left] = 1;
        left = nextTie(left - 1, -1);
      } else {
        chosen[right] = 1;
        right = nextTie(right + 1, 1);
      }
      slots -= 1;
    }
    let kept = 0;
    for (let k = 0; k < m; k += 1) {
      if (!chosen[k]) continue;
      this.nextW[kept] = this.nextW[k]!;
      this.nextP[kept] = this.nextP[k]!;
      this.nextNode[kept] = this.nextNode[k]!;
      this.bounds[kept] = this.bounds[k]!;
      kept += 1;
    }
    this.nextLength = kept;
  }
}

/** Persistent linked lists of flipped positions: each state points at the last flip that made it. */
class NodePool {
  position = new Int32Array(1024);
  next = new Float64Array(1024);
  length = 0;

  push(position: number, next: number): number {
    if (this.length === this.position.length) {
      const position = new Int32Array(this.length * 2);
      position.set(this.position);
      this.position = position;
      const nextNodes = new Float64Array(this.length * 2);
      nextNodes.set(this.next);
      this.next = nextNodes;
    }
    this.position[this.length] = position;
    this.next[this.length] = next;
    return this.length++;
  }
}

/** The k-th largest of values[0..m) by quickselect (1-based k); reorders those values. */
const kthLargest = (values: Float64Array, m: number, k: number): number => {
  let low = 0;
  let high = m - 1;
  const target = k - 1;
  while (low < high) {
    const pivot = values[(low + high) >> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! > pivot) i += 1;
      while (values[j]! < pivot) j -= 1;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return values[target]!;
};
