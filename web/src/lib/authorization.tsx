import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { selectMaySignIn, useSession } from '@/stores/session-store';
import type { AppLocation } from './navigation';

/** The location a guard or the login page should return to, if one was remembered. */
export const fromLocation = (state: unknown): AppLocation | undefined => {
  const from = (state as { from?: Partial<AppLocation> } | null)?.from;
  return typeof from?.pathname === 'string'
    ? { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' }
    : undefined;
};

export const hrefOf = (location: AppLocation): string =>
  `${location.pathname}${location.search}${location.hash}`;

/**
 * Role guard (spec 1 §6): renders the child route if one of the user's roles is allowed; otherwise /unauthorized when
 * an access token exists, else /login — both carrying the origin location.
 */
export const RequireAuth = ({ allowedRoles }: { allowedRoles: readonly string[] }) => {
  const roles = useSession((state) => state.roles);
  const signedIn = useSession((state) => state.accessToken !== undefined);
  const location = useLocation();
  if (roles.some((role) => allowedRoles.includes(role))) return <Outlet />;
  return <Navigate to={signedIn ? paths.unauthorized : paths.login} state={{ from: location }} replace />;
};

/**
 * Guest-only guard (spec 1 §4): with an access token or the refresh flag, and no `state` query parameter (an OAuth
 * callback), go to the target — the remembered origin if there is one, else `/`.
 */
export const GuestOnly = ({ target = paths.home }: { target?: string }) => {
  const maySignIn = useSession(selectMaySignIn);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  if (maySignIn && !searchParams.has('state')) {
    const from = fromLocation(location.state);
    return <Navigate to={from ? hrefOf(from) : target} replace />;
  }
  return <Outlet />;
};
