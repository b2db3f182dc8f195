const rows: ReadonlyArray<[string, string, string]> = [
  ['What you own', 'Shares of the fund', 'Each stock, in your own name'],
  ['Yearly cost', 'Expense ratio of 0.03-0.90%', '0.00% management fee'],
  [
    'Tax-loss harvesting',
    'Only on the fund as a whole',
    'Stock by stock: average tax savings of 1-2% per year',
  ],
  [
    'Customisation',
    'None: you take the whole basket',
    'Exclude companies or sectors, choose the number of holdings, ESG focus',
  ],
  ['Transparency', 'Holdings published by the fund', 'Every holding and weight in your account'],
  ['Orders to place', 'One', 'One per stock; we work them out for you'],
];

/** ETF against direct indexing, side by side. */
export const ComparisonTable = () => (
  <div className="mt-10 overflow-hidden rounded-2xl ring-1 ring-slate-200">
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Owning an ETF compared with direct indexing</caption>
      <thead className="bg-slate-50 text-slate-900">
        <tr>
          <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
            <span className="sr-only">Aspect</span>
          </th>
          <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
            ETF
          </th>
          <th scope="col" className="px-3 py-3 sm:px-4 font-semibold text-indigo-700">
            Direct indexing
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 bg-white">
        {rows.map(([aspect, etf, direct]) => (
          <tr key={aspect}>
            <th scope="row" className="px-3 py-3 sm:px-4 font-medium text-slate-900">
              {aspect}
            </th>
            <td className="px-3 py-3 sm:px-4 text-slate-600">{etf}</td>
            <td className="px-3 py-3 sm:px-4 text-slate-900">{direct}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
