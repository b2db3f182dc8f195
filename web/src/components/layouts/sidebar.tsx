import { Link } from 'react-router-dom';
import { icons } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useShell } from '@/stores/shell-store';
import { SidebarNav } from './sidebar-nav';

/** The desktop sidebar (≥ 1024 px), collapsible to icons. */
export const Sidebar = () => {
  const collapsed = useShell((state) => state.collapsed);
  const toggleCollapsed = useShell((state) => state.toggleCollapsed);
  return (
    <aside
      className={cn(
        'sticky top-0 hidden h-screen shrink-0 flex-col gap-6 bg-slate-900 px-3 py-4 transition-[width] lg:flex',
        collapsed ? 'w-[4.5rem]' : 'w-64',
      )}
    >
      <div className={cn('flex items-center', collapsed ? 'flex-col gap-3' : 'justify-between')}>
        <Link
          to="/"
          className="flex items-center gap-2 rounded px-1 text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
        >
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-indigo-500 text-sm font-bold"
          >
            ER
          </span>
          {collapsed ? (
            <span className="sr-only">ETF Replicator</span>
          ) : (
            <span className="font-semibold">ETF Replicator</span>
          )}
        </Link>
        <button
          type="button"
          onClick={toggleCollapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          className="rounded-md p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
        >
          {collapsed ? icons.chevronsRight : icons.chevronsLeft}
        </button>
      </div>
      <SidebarNav collapsed={collapsed} />
    </aside>
  );
};
