import { feedbackMessages } from '@etf-replicator/core/contracts/feedback';
import { useState } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useFeedback } from '../api/get-feedback';
import { FeedbackRow } from './feedback-row';

export const NO_FEEDBACK = 'No feedback available yet';

/** Feedback Insights (spec 2 §2, /feedbackpanel): every response; one row expanded at a time. */
export const FeedbackInsights = () => {
  const { data: feedback, isPending, isError } = useFeedback();
  const [expandedId, setExpandedId] = useState<string | null>(null);
  return (
    <section className="mx-auto max-w-4xl px-4 py-10" aria-labelledby="feedback-insights-heading">
      <PageTitle title="Feedback Insights" />
      <div className="flex items-baseline justify-between gap-4">
        <h1 id="feedback-insights-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Feedback Insights
        </h1>
        {feedback && (
          <p className="text-sm text-slate-600">
            {feedback.length} {feedback.length === 1 ? 'response' : 'responses'}
          </p>
        )}
      </div>
      <div className="mt-6">
        {isPending ? (
          <Spinner label="Loading feedback…" />
        ) : isError ? (
          <p role="alert" className="text-red-700">
            {feedbackMessages.loadFailed}
          </p>
        ) : feedback.length === 0 ? (
          <p className="text-slate-600">{NO_FEEDBACK}</p>
        ) : (
          <ul
            aria-label="Feedback responses"
            className="divide-y divide-slate-200 overflow-hidden rounded-lg ring-1 ring-slate-200"
          >
            {feedback.map((item) => (
              <FeedbackRow
                key={item.id}
                item={item}
                expanded={expandedId === item.id}
                onToggle={() => setExpandedId((current) => (current === item.id ? null : item.id))}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
};
