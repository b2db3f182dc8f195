import { FeedbackPage } from '@/features/feedback/components/feedback-page';

export const FeedbackRoute = () => <FeedbackPage />;
