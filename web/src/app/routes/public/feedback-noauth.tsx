import { MarketingFrame } from '@/components/layouts/marketing-frame';
import { FeedbackPage } from '@/features/feedback/components/feedback-page';

export const FeedbackNoAuthRoute = () => (
  <MarketingFrame>
    <FeedbackPage />
  </MarketingFrame>
);
