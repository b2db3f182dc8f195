import { INDUSTRY_SCREENS, type IndustryScreen } from '@etf-replicator/core/indexes/screens';
import { D } from '@etf-replicator/core/shared/decimal';
import { formatPercent } from '@/lib/format';
import { checkboxClasses } from './exclusion-sectors';

/** A screen is on when every one of its industries is excluded. */
export const screenOn = (screen: IndustryScreen, industries: readonly string[]): boolean =>
  screen.industries.every((industry) => industries.includes(industry));

/** The draft's industries with the screen's added (on) or removed (off), each once. */
export const toggledScreen = (
  screen: IndustryScreen,
  industries: readonly string[],
  on: boolean,
): string[] =>
  on
    ? [...new Set([...industries, ...screen.industries])]
    : industries.filter((industry) => !screen.industries.includes(industry));

/**
 * Values screens (issue 30): named sets of GICS sub-industries, each a checkbox with its industry list in a
 * disclosure; the share of the index no industry exclusion can reach is said, not hidden. Free may only take back.
 */
export const ExclusionScreens = ({
  industries,
  unclassifiedWeight,
  free,
  busy,
  onChange,
}: {
  industries: readonly string[];
  unclassifiedWeight: string | undefined;
  free: boolean;
  busy: boolean;
  onChange: (industries: string[]) => void;
}) => {
  const unclassified = unclassifiedWeight !== undefined && new D(unclassifiedWeight).gt(0);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">Values screens (by industry)</legend>
      <ul className="mt-1.5 space-y-2">
        {INDUSTRY_SCREENS.map((screen) => {
          const on = screenOn(screen, industries);
          return (
            <li key={screen.id}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  aria-label={`${screen.name} screen`}
                  checked={on}
                  disabled={busy || (free && !on)}
                  onChange={(event) => onChange(toggledScreen(screen, industries, event.target.checked))}
                  className={checkboxClasses}
                />
                <span className="min-w-0 flex-1">{screen.name}</span>
              </label>
              <details className="mt-0.5 pl-6 text-xs text-slate-600">
                <summary className="cursor-pointer text-indigo-700">
                  {screen.industries.length === 1
                    ? 'Excludes 1 industry'
                    : `Excludes ${screen.industries.length} industries`}
                </summary>
                <ul aria-label={`Industries of the ${screen.name} screen`} className="mt-1 list-disc pl-5">
                  {screen.industries.map((industry) => (
                    <li key={industry}>{industry}</li>
                  ))}
                </ul>
              </details>
            </li>
          );
        })}
      </ul>
      {unclassified && (
        <p className="mt-2 text-xs text-slate-600">
          {`${formatPercent(unclassifiedWeight)} of this index's weight has no industry in our data and cannot be screened.`}
        </p>
      )}
    </fieldset>
  );
};
