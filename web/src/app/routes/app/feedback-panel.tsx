import { FeedbackInsights } from '@/features/feedback-insights/components/feedback-insights';

export const FeedbackPanelRoute = () => <FeedbackInsights />;
