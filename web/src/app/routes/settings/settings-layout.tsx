import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const tab = ({ isActive }: { isActive: boolean }) =>
  cn(
    'border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
    isActive
      ? 'border-indigo-600 text-indigo-700'
      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800',
  );

/** /settings/*: the Account and Invoices tabs (spec 1 §2.4) above the active tab. */
export const SettingsLayout = () => (
  <div className="mx-auto max-w-4xl px-4 py-10">
    <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
    <nav aria-label="Settings" className="mt-6 flex gap-6 border-b border-slate-200">
      <NavLink to={paths.settingsAccount} className={tab}>
        Account
      </NavLink>
      <NavLink to={paths.settingsInvoices} className={tab}>
        Invoices
      </NavLink>
    </nav>
    <div className="mt-8">
      <Outlet />
    </div>
  </div>
);
