import { PASSWORD_MASK } from '@etf-replicator/core/contracts/accounts';
import type { UserChange } from '../api/change-user';
import type { AdminUser } from '../api/get-admin-users';
import { FREE, PLAN_OPTIONS, planFromSelect, planLabel, ROLE_OPTIONS, roleLabel } from '../utils/labels';

const cell = 'px-3 py-2 text-sm text-slate-900 whitespace-nowrap';
const select =
  'rounded-md border-0 bg-white py-1 pr-7 pl-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600';
const orDash = (value: string | null | undefined) => value || '—';

/** One user in the UsersTable: the spec's columns (the password only as a mask), then plan and role controls. */
export const UserRow = ({ user, onChange }: { user: AdminUser; onChange: (change: UserChange) => void }) => {
  const currentPlan = planFromSelect(user.plan ?? FREE);
  return (
    <tr>
      <td className={`${cell} font-mono text-xs`}>{user.id}</td>
      <td className={cell}>{user.username}</td>
      <td className={cell}>{user.email}</td>
      <td
        className={`${cell} font-mono`}
        aria-label={user.password ? 'Password set (hidden)' : 'No password'}
      >
        {user.password ? PASSWORD_MASK : '—'}
      </td>
      <td className={cell}>{orDash(user.firstName)}</td>
      <td className={cell}>{orDash(user.lastName)}</td>
      <td className={cell}>{user.roles.join(', ')}</td>
      <td className={`${cell} font-mono text-xs`}>{orDash(user.stripeCustomerId)}</td>
      <td className={cell}>{orDash(user.fullName)}</td>
      <td className={cell}>{orDash(user.address)}</td>
      <td className={cell}>{orDash(user.phoneNumber)}</td>
      <td className={cell}>
        <select
          aria-label={`Role of ${user.email}`}
          className={select}
          value={user.role}
          onChange={(event) => {
            const to = ROLE_OPTIONS.find((role) => role === event.target.value);
            if (to && to !== user.role)
              onChange({ kind: 'role', userId: user.id, email: user.email, from: user.role, to });
          }}
        >
          {ROLE_OPTIONS.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <span className="sr-only"> ({roleLabel(user.role)})</span>
      </td>
      <td className={cell}>
        <select
          aria-label={`Plan of ${user.email}`}
          className={select}
          value={currentPlan ?? FREE}
          onChange={(event) => {
            const to = planFromSelect(event.target.value);
            if (to !== currentPlan)
              onChange({ kind: 'plan', userId: user.id, email: user.email, from: currentPlan, to });
          }}
        >
          {PLAN_OPTIONS.map((plan) => (
            <option key={plan ?? FREE} value={plan ?? FREE}>
              {planLabel(plan)}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
};
