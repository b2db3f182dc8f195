import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** /confirmation-email-sent/: the standalone check-your-inbox notice. */
export const ConfirmationEmailSent = () => (
  <div className="space-y-4 text-center">
    <p className="text-slate-700">
      We've sent a confirmation email to your address. Open the link in it to activate your account.
    </p>
    <p className="text-sm text-slate-500">
      If you don't see it within a few minutes, check your spam folder.
    </p>
    <ButtonLink to={paths.login} className="w-full">
      Log In
    </ButtonLink>
  </div>
);
