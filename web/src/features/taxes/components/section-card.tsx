export { SectionCard } from '@/components/ui/section-card';

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
