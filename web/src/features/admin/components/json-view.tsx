/** Pretty-printed JSON in a scrollable block with its label. */
export const JsonView = ({ label, value }: { label: string; value: unknown }) => (
  <div>
    <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</h4>
    <pre className="mt-1 max-h-72 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100">
      {JSON.stringify(value, null, 2)}
    </pre>
  </div>
);
