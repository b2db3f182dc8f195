export const Spinner = ({ label = 'Loading…' }: { label?: string }) => (
  <div role="status" className="flex items-center justify-center gap-3 p-8 text-slate-600">
    <span
      className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600"
      aria-hidden="true"
    />
    <span>{label}</span>
  </div>
);

export const PageLoader = ({ label }: { label?: string }) => (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner {...(label ? { label } : {})} />
  </div>
);
