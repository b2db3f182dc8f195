import { useEffect, useRef } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The submitted state: 'Thank You', 'Share More Feedback', and 'Back to Home' for anonymous visitors only. */
export const ThankYou = ({ anonymous, onMore }: { anonymous: boolean; onMore: () => void }) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4 text-center">
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-slate-900 outline-none">
        Thank You
      </h2>
      <p className="text-slate-600">
        Your feedback reached our team. It helps us make ETF Replicator better.
      </p>
      <div className="flex flex-wrap justify-center gap-3 pt-2">
        <Button onClick={onMore}>Share More Feedback</Button>
        {anonymous && (
          <ButtonLink to={paths.home} variant="secondary">
            Back to Home
          </ButtonLink>
        )}
      </div>
    </div>
  );
};
