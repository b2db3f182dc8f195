import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/spinner';
import { restoreSession, settleSessionAtStartup, signOut } from '@/lib/session';

type GateState = 'restoring' | 'ready' | 'unreachable';

/**
 * Waits for the start-up refresh (spec 1 §4) before the first route renders, so guards see the real session. When
 * the server cannot be reached the session is neither kept nor dropped silently: the visitor retries (also
 * automatically when the browser comes back online) or chooses to continue signed out.
 */
export const SessionGate = ({ children }: { children: ReactNode }) => {
  const [state, setState] = useState<GateState>(() => (settleSessionAtStartup() ? 'restoring' : 'ready'));

  useEffect(() => {
    if (state !== 'restoring') return;
    let current = true;
    void restoreSession().then((outcome) => {
      if (current) setState(outcome === 'unreachable' ? 'unreachable' : 'ready');
    });
    return () => {
      current = false;
    };
  }, [state]);

  // Subscribed once, from the first render: a listener added only after the 'unreachable' screen commits would miss
  // an 'online' event that arrives between the commit and React's passive effects.
  useEffect(() => {
    const retry = () => setState((current) => (current === 'unreachable' ? 'restoring' : current));
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  if (state === 'ready') return children;
  if (state === 'restoring') return <PageLoader label="Signing you in…" />;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">We could not restore your session</h1>
      <p role="alert" className="text-slate-600">
        The server did not answer. Check your connection and try again; you are still signed in on this
        device.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button autoFocus onClick={() => setState('restoring')}>
          Try again
        </Button>
        <Button variant="secondary" onClick={() => void signOut().finally(() => setState('ready'))}>
          Continue signed out
        </Button>
      </div>
    </main>
  );
};
