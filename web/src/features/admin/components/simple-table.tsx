import type { ReactNode } from 'react';

type Props = {
  caption: string;
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  empty: string;
};

/** A small captioned table; the first column heads its row. */
export const SimpleTable = ({ caption, headers, rows, empty }: Props) => (
  <div>
    <h3 className="text-sm font-semibold text-slate-900">{caption}</h3>
    {rows.length === 0 ? (
      <p className="mt-1 text-sm text-slate-600">{empty}</p>
    ) : (
      <div className="relative mt-2 max-h-80 overflow-auto rounded-md ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 bg-white text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col" className="px-3 py-1.5">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(([head, ...cells], index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are rebuilt whole for each step; order is their identity
              <tr key={index}>
                <th scope="row" className="px-3 py-1.5 text-left font-medium text-slate-900">
                  {head}
                </th>
                {cells.map((value, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <td key={column} className="px-3 py-1.5 tabular-nums text-slate-900">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
  </div>
);
