/**
 * Times (and, under `node --cpu-prof`, profiles) the tax-budget engine alone on the benchmark's cases, no solver:
 *   npx tsx scripts/src/bench/profile-tax-budget.ts [--only VTI] [--repeats 5]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { replicateWithinTaxBudget } from '@etf-replicator/core';
import { loadBundledEtfs } from './load-etfs';
import { median } from './run-case';
import { outsidePrices } from './tax-budget-bench';
import { TAX_BUDGETS, taxBudgetCase } from './tax-budget-cases';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: resolve(import.meta.dirname, '../../../data/etf') },
    only: { type: 'string' },
    repeats: { type: 'string', default: '5' },
  },
});
const only = values.only?.split(',').map((symbol) => symbol.trim().toUpperCase());
const etfs = loadBundledEtfs(values.data).filter((etf) => !only || only.includes(etf.symbol));
const outside = outsidePrices(values.data);
const all: number[] = [];
const cpuAll: number[] = [];
etfs.forEach((etf, e) => {
  const input = taxBudgetCase(values.data, etf, outside, e % 2 === 0 ? 'TAX_OPTIMAL' : 'HIFO');
  if (!input) return;
  for (const budget of TAX_BUDGETS) {
    const times: number[] = [];
    const cpu: number[] = [];
    let rate = '';
    for (let r = 0; r < Number(values.repeats); r += 1) {
      const startedCpu = process.cpuUsage();
      const started = performance.now();
      rate = replicateWithinTaxBudget(input, budget).target.replicationRate;
      times.push(performance.now() - started);
      const used = process.cpuUsage(startedCpu);
      cpu.push((used.user + used.system) / 1000);
    }
    all.push(median(times));
    cpuAll.push(median(cpu));
    console.log(
      `${etf.symbol} (${input.holdings.length}) ${budget.maxNetGain ?? 'none'}${budget.allowShortTermGains ? '' : ' no-ST'}: ` +
        `${rate} ${median(times).toFixed(1)} ms`,
    );
  }
});
console.log(`p50 ${median(all).toFixed(1)} ms wall, ${median(cpuAll).toFixed(1)} ms CPU`);
