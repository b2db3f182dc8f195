import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { textLinkClasses } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { selectMaySignIn, useSession } from '@/stores/session-store';

/** Spec 1 §2.6 not-found page, shown in the error layout. */
export const NotFound = () => {
  const signedIn = useSession(selectMaySignIn);
  return (
    <>
      <PageTitle title="Page not found" />
      <p className="text-base font-semibold text-indigo-600">404</p>
      <h1 className="mt-4 text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
        Page not found
      </h1>
      <p className="mt-6 text-lg text-slate-600">Sorry, we couldn't find the page you're looking for.</p>
      <div className="mt-10 flex items-center justify-center gap-x-6">
        <Link to={paths.home} className={buttonClasses('primary')}>
          Go back home
        </Link>
        <Link to={signedIn ? paths.feedback : paths.feedbackNoAuth} className={textLinkClasses}>
          Contact support <span aria-hidden="true">&rarr;</span>
        </Link>
      </div>
    </>
  );
};
