import { cn } from '@/lib/cn';

export const WIZARD_STEPS = ['Pick an ETF', 'Set Amount', 'Replicate'] as const;
export type WizardStep = 1 | 2 | 3;

/** Spec 2 §4: step 1 until an ETF is chosen, 2 until a positive amount is entered, then 3. */
export const wizardStep = (hasSymbol: boolean, hasPositiveAmount: boolean): WizardStep =>
  !hasSymbol ? 1 : !hasPositiveAmount ? 2 : 3;

export const WizardSteps = ({ step }: { step: WizardStep }) => (
  <ol aria-label="Steps" className="flex flex-wrap gap-2 sm:gap-6">
    {WIZARD_STEPS.map((label, index) => {
      const number = index + 1;
      const state = number < step ? 'done' : number === step ? 'current' : 'todo';
      return (
        <li
          key={label}
          aria-current={state === 'current' ? 'step' : undefined}
          className="flex items-center gap-2"
        >
          <span
            aria-hidden="true"
            className={cn(
              'grid size-7 place-items-center rounded-full text-xs font-bold',
              state === 'done' && 'bg-indigo-600 text-white',
              state === 'current' && 'bg-white text-indigo-700 ring-2 ring-indigo-600',
              state === 'todo' && 'bg-slate-100 text-slate-500',
            )}
          >
            {state === 'done' ? '✓' : number}
          </span>
          <span className={cn('text-sm font-medium', state === 'todo' ? 'text-slate-500' : 'text-slate-900')}>
            {label}
          </span>
        </li>
      );
    })}
  </ol>
);
