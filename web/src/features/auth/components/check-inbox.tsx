import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The view after registration: the confirmation link is on its way. */
export const CheckInbox = ({ email }: { email: string }) => (
  <div role="status" className="space-y-4 text-center">
    <h2 className="text-xl font-semibold text-slate-900">Check Your Inbox</h2>
    <p className="text-slate-700">
      We sent a confirmation link to <strong>{email}</strong>. Open it to activate your account.
    </p>
    <p className="text-sm text-slate-500">Can't find it? Check your spam or junk folder.</p>
    <ButtonLink to={paths.login} className="w-full">
      Log In
    </ButtonLink>
  </div>
);
