import { type ReactNode, useId } from 'react';

/** A titled card (Taxes tab, portfolio page): a region named by its heading, with an optional intro and actions. */
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
