import { useState } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import { useSession } from '@/stores/session-store';
import { FeedbackForm } from './feedback-form';
import { ThankYou } from './thank-you';

/** The feedback page of spec 2 §2/§4: editing, then the thank-you view; used in both the main and the auth layout. */
export const FeedbackPage = () => {
  const signedInEmail = useSession((state) => (state.accessToken === undefined ? undefined : state.subject));
  const [sent, setSent] = useState(false);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <PageTitle title="Feedback" />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Feedback</h1>
      <p className="mt-2 text-slate-600">
        Tell us what you think of ETF Replicator. Screenshots help us see what you see.
      </p>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        {sent ? (
          <ThankYou anonymous={signedInEmail === undefined} onMore={() => setSent(false)} />
        ) : (
          <FeedbackForm signedInEmail={signedInEmail} onSent={() => setSent(true)} />
        )}
      </div>
    </section>
  );
};
