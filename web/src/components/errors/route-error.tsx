import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { NotFound } from './not-found';

/** The router's error element: a crash in a route shows this instead of a blank screen. */
export const RouteError = () => {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <>
      <PageTitle title="Something went wrong" />
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-6 text-lg text-slate-600">This page failed to load. Please reload and try again.</p>
      <div className="mt-10 flex justify-center">
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </>
  );
};
