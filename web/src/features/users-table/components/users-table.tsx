import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { inputClasses } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { type UserChange, useChangeUser } from '../api/change-user';
import { PAGE_SIZES, useAdminUsers } from '../api/get-admin-users';
import { planLabel, roleLabel } from '../utils/labels';
import { ConfirmChangeDialog } from './confirm-change-dialog';
import { UserRow } from './user-row';

const COLUMNS = [
  'ID',
  'Username',
  'Email',
  'Password',
  'First Name',
  'Last Name',
  'Roles',
  'Stripe Customer ID',
  'Full Name',
  'Address',
  'Phone Number',
  'Role',
  'Plan',
];

const done = (change: UserChange) =>
  change.kind === 'plan'
    ? `Plan of ${change.email} changed to ${planLabel(change.to)}`
    : `Role of ${change.email} changed to ${roleLabel(change.to)}`;

/** UsersTable (spec 1 §2.6, admin): every user, searchable and paged, with confirmed plan and role changes. */
export const UsersTable = () => {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ q: '', page: 0, size: 25 });
  const [pending, setPending] = useState<UserChange>();
  const { data, isPending, isError, isFetching } = useAdminUsers(query);
  const change = useChangeUser({
    mutationConfig: {
      onSuccess: (_, applied) => {
        notify.success(done(applied));
        setPending(undefined);
      },
      onError: (error) => {
        notify.error(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
        setPending(undefined);
      },
    },
  });
  const pages = data ? Math.max(1, Math.ceil(data.totalElements / query.size)) : 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: search.trim(), page: 0 }));
  };

  return (
    <section className="px-4 py-10" aria-labelledby="users-table-heading">
      <PageTitle title="UsersTable" />
      <h1 id="users-table-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        UsersTable
      </h1>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not known to every engine yet (jsdom warns) */}
      <form role="search" onSubmit={submit} className="mt-6 flex max-w-xl items-end gap-3">
        <div className="grow">
          <label htmlFor="users-search" className="block text-sm font-medium text-slate-800">
            Search users
          </label>
          <input
            id="users-search"
            type="search"
            className={`${inputClasses} mt-1.5`}
            placeholder="E-mail, name or id"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <div className="mt-6">
        {isPending ? (
          <Spinner label="Loading users…" />
        ) : isError ? (
          <p role="alert" className="text-red-700">
            Failed to load the users.
          </p>
        ) : data.content.length === 0 ? (
          <p className="text-slate-600">No users to display</p>
        ) : (
          <div
            className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200"
            aria-busy={isFetching}
            data-wide-table
          >
            <table className="min-w-full divide-y divide-slate-200 bg-white">
              <caption className="sr-only">
                Users, page {query.page + 1} of {pages}
              </caption>
              <thead className="bg-slate-50">
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-slate-600"
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.content.map((user) => (
                  <UserRow key={user.id} user={user} onChange={setPending} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {data && (
        <nav
          aria-label="Users pages"
          className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700"
        >
          <Button
            variant="secondary"
            disabled={query.page === 0}
            onClick={() => setQuery((current) => ({ ...current, page: current.page - 1 }))}
          >
            Previous
          </Button>
          <span>
            Page {query.page + 1} of {pages} · {data.totalElements}{' '}
            {data.totalElements === 1 ? 'user' : 'users'}
          </span>
          <Button
            variant="secondary"
            disabled={query.page + 1 >= pages}
            onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}
          >
            Next
          </Button>
          <label className="ml-auto flex items-center gap-2">
            Rows per page
            <select
              className="rounded-md border-0 py-1 pr-7 pl-2 ring-1 ring-slate-300 ring-inset"
              value={query.size}
              onChange={(event) =>
                setQuery((current) => ({ ...current, size: Number(event.target.value), page: 0 }))
              }
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </nav>
      )}
      <ConfirmChangeDialog
        change={pending}
        pending={change.isPending}
        onConfirm={(confirmed) => change.mutate(confirmed)}
        onCancel={() => setPending(undefined)}
      />
    </section>
  );
};
