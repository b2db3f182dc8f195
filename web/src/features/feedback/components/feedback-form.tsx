import { feedbackMessages } from '@etf-replicator/core/contracts/feedback';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { inputClasses, TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSubmitFeedback } from '../api/submit-feedback';
import { addCheckedImages } from '../utils/add-images';
import { collectPageContext } from '../utils/page-context';
import { type FeedbackErrors, validateFeedback } from '../utils/validate-feedback';
import { ImagePicker } from './image-picker';

/** Spec 2 §9: success toasts hide after 5 s. */
const TOAST_MS = 5000;

/** The server's reason for a refused upload (its texts are the spec's); anything else gets the spec's failure text. */
const failureText = (error: Error): string =>
  isApiError(error) && error.status !== undefined && error.status >= 400 && error.status < 500
    ? error.message
    : feedbackMessages.submitFailed;

type Props = {
  /** The signed-in user's e-mail (auth subject); the e-mail field is hidden when present. */
  signedInEmail: string | undefined;
  onSent: () => void;
};

export const FeedbackForm = ({ signedInEmail, onSent }: Props) => {
  const anonymous = signedInEmail === undefined;
  const messageId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [fields, setFields] = useState({ email: '', message: '' });
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string>();
  const [failure, setFailure] = useState<{ text: string; attempt: number }>();

  const mutation = useSubmitFeedback({
    mutationConfig: {
      onSuccess: () => {
        setFields({ email: '', message: '' });
        setImages([]);
        setImageError(undefined);
        setFailure(undefined);
        toast.success(feedbackMessages.success, { duration: TOAST_MS });
        onSent();
      },
      onError: (error) =>
        setFailure((last) => ({ text: failureText(error), attempt: (last?.attempt ?? 0) + 1 })),
    },
  });

  const edit = (name: keyof typeof fields, value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    if (errors[name]) setErrors(validateFeedback(next, anonymous));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = validateFeedback(fields, anonymous);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.message) return messageRef.current?.focus();
    mutation.mutate({
      submission: {
        email: anonymous ? fields.email.trim() || null : signedInEmail,
        message: fields.message,
        ...collectPageContext(),
      },
      images,
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Feedback" className="space-y-6">
      <FormError message={failure?.text} attempt={failure?.attempt ?? 0} />
      {anonymous && (
        <TextField
          ref={emailRef}
          label="Email (optional)"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={(event) => edit('email', event.target.value)}
          invalid={errors.email !== undefined}
          hint={errors.email}
        />
      )}
      <div>
        <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
          Your Thoughts
        </label>
        <textarea
          id={messageId}
          ref={messageRef}
          required
          rows={6}
          value={fields.message}
          onChange={(event) => edit('message', event.target.value)}
          aria-invalid={errors.message !== undefined || undefined}
          aria-describedby={errors.message ? `${messageId}-hint` : undefined}
          placeholder="What works well, what is missing, what went wrong?"
          className={cn(inputClasses, 'mt-1.5')}
        />
        {errors.message && (
          <p id={`${messageId}-hint`} className="mt-1.5 text-sm text-amber-700">
            {errors.message}
          </p>
        )}
      </div>
      <ImagePicker
        images={images}
        error={imageError}
        onPick={(picked) => {
          void addCheckedImages(images, picked).then((result) => {
            setImages(result.images);
            setImageError(result.error);
          });
        }}
        onRemove={(index) => {
          setImages((current) => current.filter((_, position) => position !== index));
          setImageError(undefined);
        }}
      />
      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
        {mutation.isPending ? 'Sending…' : 'Send Feedback'}
      </Button>
    </form>
  );
};
