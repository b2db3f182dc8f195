import { FEEDBACK_EMAIL_PATTERN, feedbackMessages } from '@etf-replicator/core/contracts/feedback';

export type FeedbackFields = { email: string; message: string };
export type FeedbackErrors = Partial<Record<keyof FeedbackFields, string>>;

/** Spec 2 §5: an e-mail, when an anonymous sender gives one, must look like an address; the message must not be blank. */
export const validateFeedback = ({ email, message }: FeedbackFields, anonymous: boolean): FeedbackErrors => {
  const errors: FeedbackErrors = {};
  const trimmedEmail = email.trim();
  if (anonymous && trimmedEmail !== '' && !FEEDBACK_EMAIL_PATTERN.test(trimmedEmail)) {
    errors.email = feedbackMessages.invalidEmail;
  }
  if (message.trim() === '') errors.message = feedbackMessages.blankMessage;
  return errors;
};
