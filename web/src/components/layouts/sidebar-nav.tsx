import { NavLink, useLocation } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { icons } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useSession } from '@/stores/session-store';
import { type NavEntry, settingsEntry, visibleEntries } from './nav-entries';

const linkClasses = (active: boolean, collapsed: boolean) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400',
    active ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
    collapsed && 'justify-center px-2',
  );

const Entry = ({
  entry,
  collapsed,
  active,
  onNavigate,
}: {
  entry: NavEntry;
  collapsed: boolean;
  active?: boolean;
  onNavigate?: () => void;
}) => (
  <li>
    <NavLink
      to={entry.to}
      end={entry.to === '/'}
      onClick={onNavigate}
      title={collapsed ? entry.label : undefined}
      aria-label={collapsed ? entry.label : undefined}
      className={({ isActive }) => linkClasses(active ?? isActive, collapsed)}
      {...(active ? { 'aria-current': 'page' as const } : {})}
    >
      {icons[entry.icon]}
      {!collapsed && <span className="flex-1">{entry.label}</span>}
      {!collapsed && entry.note && <Badge tone="amber">{entry.note}</Badge>}
    </NavLink>
  </li>
);

/** The sidebar's links, filtered by the user's roles (spec 1 §2.3); Settings sits at the bottom. */
export const SidebarNav = ({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) => {
  const roles = useSession((state) => state.roles);
  const hasPlan = useSession((state) => state.plan !== undefined);
  const { pathname } = useLocation();
  const entries = visibleEntries(roles, hasPlan);
  const showSettings = settingsEntry.roles.some((role) => roles.includes(role));
  return (
    <nav aria-label="Main" className="flex flex-1 flex-col justify-between gap-6">
      <ul className="space-y-1">
        {entries.map((entry) => (
          <Entry key={entry.to} entry={entry} collapsed={collapsed} {...(onNavigate ? { onNavigate } : {})} />
        ))}
      </ul>
      {showSettings && (
        <ul>
          <Entry
            entry={settingsEntry}
            collapsed={collapsed}
            active={pathname.startsWith('/settings')}
            {...(onNavigate ? { onNavigate } : {})}
          />
        </ul>
      )}
    </nav>
  );
};
