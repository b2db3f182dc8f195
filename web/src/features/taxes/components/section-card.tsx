import { type ReactNode, useId } from 'react';

/** A titled card of the Taxes tab (a region named by its heading). */
export const SectionCard = ({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) => {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="min-w-0 space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
};

/** The text of a failed load, with a retry. */
export const LoadError = ({ what, onRetry }: { what: string; onRetry: () => void }) => (
  <p role="alert" className="text-sm text-slate-700">
    {`${what} could not be loaded. `}
    <button
      type="button"
      className="font-semibold text-indigo-700 underline hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
      onClick={onRetry}
    >
      Try again
    </button>
  </p>
);

/** Colour plus sign: a gain reads "+$12.00", a loss "-$12.00", whatever the colour shows. */
export const gainClasses = (gain: string | null): string =>
  gain === null ? 'text-slate-500' : gain.startsWith('-') ? 'text-red-700' : 'text-green-700';
