import type { Form8949Part } from '@etf-replicator/core/contracts/taxes';
import { formatMoney, formatSignedMoney, MISSING } from '@/lib/format';
import { gainClasses } from './section-card';

const TITLES: Record<Form8949Part['part'], string> = {
  I: 'Part I · Short-term',
  II: 'Part II · Long-term',
  UNKNOWN: 'Holding period unknown',
};

export const UNKNOWN_TERM_NOTE =
  'These sales’ acquisition dates are unknown, so their term cannot be decided: take the dates from your broker’s records.';
export const UNKNOWN_BASIS_NOTE =
  'Cost basis unknown for some of these sales: no total basis or gain is shown.';

const titleOf = (part: Form8949Part) =>
  `${TITLES[part.part]}${part.box ? ` (box ${part.box})` : ''} · ${part.count} ${part.count === 1 ? 'sale' : 'sales'}`;

/** The Form 8949 sections of a year: each part's totals of (d) proceeds, (e) basis, (g) adjustment, (h) gain. */
export const Form8949PartsSummary = ({ parts }: { parts: readonly Form8949Part[] }) => (
  <ul aria-label="Form 8949 parts" className="grid gap-3 lg:grid-cols-2">
    {parts.map((part) => (
      <li
        key={`${part.part}-${part.box ?? ''}`}
        aria-label={titleOf(part)}
        className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200"
      >
        <p className="font-semibold text-slate-900">{titleOf(part)}</p>
        <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4">
          {(
            [
              ['Proceeds', formatMoney(part.proceeds), 'text-slate-900'],
              [
                'Cost basis',
                part.costBasis === null ? MISSING : formatMoney(part.costBasis),
                'text-slate-900',
              ],
              ['Adjustment (W)', formatMoney(part.adjustment), 'text-slate-900'],
              ['Gain or loss', formatSignedMoney(part.gain), gainClasses(part.gain)],
            ] as const
          ).map(([label, value, tone]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className={`font-semibold tabular-nums ${tone}`}>{value}</dd>
            </div>
          ))}
        </dl>
        {part.part === 'UNKNOWN' && <p className="mt-2 text-xs text-amber-800">{UNKNOWN_TERM_NOTE}</p>}
        {part.part !== 'UNKNOWN' && part.costBasis === null && (
          <p className="mt-2 text-xs text-amber-800">{UNKNOWN_BASIS_NOTE}</p>
        )}
      </li>
    ))}
  </ul>
);
