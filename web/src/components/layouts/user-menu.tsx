import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { browser } from '@/lib/browser';
import { signOut } from '@/lib/session';
import { useSession } from '@/stores/session-store';
import { PlanBadge } from './plan-badge';

const itemClasses =
  'flex cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** Sign out (spec 1 §2.3): clear the session, call logout, then a full reload to /. */
const signOutAndReload = async () => {
  await signOut();
  browser.assign('/');
};

export const UserMenu = () => {
  const subject = useSession((state) => state.subject);
  const plan = useSession((state) => state.plan);
  const navigate = useNavigate();
  const initial = (subject ?? '?').charAt(0).toUpperCase();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="User menu"
        className="grid size-9 place-items-center rounded-full bg-indigo-600 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <span aria-hidden="true">{initial}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 rounded-lg bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-1">
            <span className="block text-xs text-slate-500">Signed in as</span>
            <span className="block text-sm font-medium break-all text-slate-900">{subject}</span>
          </DropdownMenu.Label>
          <div className="flex items-center gap-2 px-3 pb-2">
            <PlanBadge plan={plan} />
            {!plan && (
              <Link to={paths.pricing} className="text-xs font-semibold text-indigo-700 hover:underline">
                Upgrade
              </Link>
            )}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => navigate(paths.settingsAccount)}>
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => void signOutAndReload()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
