import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { displayName, hasProvider, useUser } from '../api/get-user';
import { GoogleConnection } from './google-connection';

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="grid gap-1 py-4 sm:grid-cols-3 sm:gap-4">
    <dt className="text-sm font-medium text-slate-600">{term}</dt>
    <dd className="text-slate-900 sm:col-span-2">{children}</dd>
  </div>
);

/** The Account tab: profile, e-mail, password (only with an e-mail/password login) and the Google connection. */
export const AccountOverview = ({ userId }: { userId: string }) => {
  const { data: user, isPending, error } = useUser(userId);
  if (isPending) return <Spinner label="Loading your account…" />;
  if (error || !user) {
    return (
      <p role="alert" className="text-red-700">
        We could not load your account. Please try again.
      </p>
    );
  }
  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        Profile
      </h2>
      <dl className="mt-2 divide-y divide-slate-200">
        <Row term="Full name">{displayName(user)}</Row>
        <Row term="Email">
          <span className="flex flex-wrap items-center justify-between gap-3">
            <span>{user.email}</span>
            <TextLink to={paths.changeEmail} aria-label="Edit email">
              Edit
            </TextLink>
          </span>
        </Row>
        {hasProvider(user, 'emailpassword') && (
          <Row term="Password">
            <span className="flex flex-wrap items-center justify-between gap-3">
              <span>
                <span aria-hidden="true">••••••••</span>
                <span className="sr-only">Password set</span>
              </span>
              <TextLink to={paths.changePassword} aria-label="Change password">
                Change
              </TextLink>
            </span>
          </Row>
        )}
        <Row term="Connected accounts">
          <GoogleConnection user={user} />
        </Row>
      </dl>
    </section>
  );
};
