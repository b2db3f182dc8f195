import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { cn } from '@/lib/cn';

export const DETAIL_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'taxes', label: 'Taxes' },
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number]['id'];

/** The tab in `?tab=` (reloads and shared links keep it); Overview when absent or unknown. */
export const useDetailTab = (): [DetailTab, (tab: DetailTab) => void] => {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const current = DETAIL_TABS.find((tab) => tab.id === search.get('tab'))?.id ?? 'overview';
  const select = (tab: DetailTab) => {
    const next = new URLSearchParams(search);
    if (tab === 'overview') next.delete('tab');
    else next.set('tab', tab);
    // The navigation state may carry the trackingId (spec 2 §2): keep it.
    setSearch(next, { replace: true, state: location.state });
  };
  return [current, select];
};

/**
 * WAI-ARIA tabs over the tracking detail: arrow keys, Home and End move between tabs and select them; only the
 * selected tab is in the Tab order.
 */
export const DetailTabs = ({
  selected,
  onSelect,
  panels,
}: {
  selected: DetailTab;
  onSelect: (tab: DetailTab) => void;
  panels: Record<DetailTab, ReactNode>;
}) => {
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = DETAIL_TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const tab = target === undefined ? undefined : DETAIL_TABS[target];
    if (target === undefined || !tab) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current[target]?.focus();
  };
  return (
    <div className="space-y-6">
      <div role="tablist" aria-label="Tracking sections" className="flex gap-1 border-b border-slate-200">
        {DETAIL_TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.id}-tab`}
            aria-selected={selected === tab.id}
            aria-controls={`${id}-${tab.id}-panel`}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => move(event, index)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600',
              selected === tab.id
                ? 'border-indigo-600 text-indigo-700'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {DETAIL_TABS.filter((tab) => tab.id === selected).map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${id}-${tab.id}-panel`}
          aria-labelledby={`${id}-${tab.id}-tab`}
          className="space-y-6"
        >
          {panels[tab.id]}
        </div>
      ))}
    </div>
  );
};
