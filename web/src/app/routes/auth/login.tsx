import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { CardPage } from '@/components/ui/card-page';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { OAuthCallback } from '@/features/auth/components/oauth-callback';
import { fromLocation, hrefOf } from '@/lib/authorization';

/** /login: the sign-in form, or the end of a Google flow when ?code&state came back (spec 1 §2.6, §4). */
export const LoginRoute = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const from = fromLocation(location.state);
  const redirectTo = from ? hrefOf(from) : paths.home;
  const code = searchParams.get('code');
  const state = searchParams.get('state');

  const onSignedIn = useCallback(
    (origin: 'login' | 'connect') =>
      navigate(origin === 'login' ? redirectTo : paths.settingsAccount, { replace: true }),
    [navigate, redirectTo],
  );
  const onConflict = useCallback(() => navigate(paths.settingsAccount, { replace: true }), [navigate]);

  return (
    <CardPage title="Sign in to your account">
      {code && state ? (
        <OAuthCallback code={code} state={state} onSignedIn={onSignedIn} onConflict={onConflict} />
      ) : (
        <LoginForm onSuccess={() => navigate(redirectTo, { replace: true })} />
      )}
    </CardPage>
  );
};
