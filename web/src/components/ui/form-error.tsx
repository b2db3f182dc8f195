import { useEffect, useRef } from 'react';

/**
 * The error line of a form. It is announced (aria-live) and takes focus each time a new failure is reported, so
 * keyboard and screen-reader users land on it (spec 1 §4). `attempt` changes with every failed submit.
 */
export const FormError = ({ message, attempt }: { message: string | undefined; attempt: number }) => {
  const ref = useRef<HTMLParagraphElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus on every failed attempt, even with the same text
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message, attempt]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="alert"
      className={
        message
          ? 'rounded-md bg-red-50 p-3 text-sm font-medium text-red-700 outline-none focus:ring-2 focus:ring-red-500'
          : 'sr-only'
      }
    >
      {message}
    </p>
  );
};
