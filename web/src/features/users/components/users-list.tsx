import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { signOut } from '@/lib/session';
import { useUsers } from '../api/get-users';

/** Users (spec 1 §2.6, admin): the usernames, 'No users to display' when empty, Refresh; a failure goes to /login. */
export const UsersList = () => {
  const { data: users, isPending, isError, isFetching, refetch } = useUsers();
  const navigate = useNavigate();
  const location = useLocation();
  // Spec 1 §8: a failed list goes to /login. The session ends first, or the guest-only login page would send a
  // signed-in admin straight back here (and into the same failure).
  useEffect(() => {
    if (!isError) return;
    void signOut().then(() => navigate(paths.login, { replace: true, state: { from: location } }));
  }, [isError, navigate, location]);

  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="users-heading">
      <PageTitle title="Users" />
      <div className="flex items-center justify-between gap-4">
        <h1 id="users-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Users
        </h1>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          Refresh
        </Button>
      </div>
      <div className="mt-6">
        {isPending || isError ? (
          <Spinner label="Loading users…" />
        ) : users.length === 0 ? (
          <p className="text-slate-600">No users to display</p>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200"
            aria-label="Users"
          >
            {users.map((user) => (
              <li key={user.id} className="px-4 py-3 text-sm text-slate-900">
                {user.username}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
};
