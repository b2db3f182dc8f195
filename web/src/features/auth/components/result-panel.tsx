import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

type Props = { pending: boolean; pendingLabel: string; ok: boolean; message: string; children?: ReactNode };

/** The result state of a confirm-on-load screen (account activation, e-mail update). */
export const ResultPanel = ({ pending, pendingLabel, ok, message, children }: Props) => {
  if (pending) return <Spinner label={pendingLabel} />;
  return (
    <div className="space-y-4 text-center">
      <p
        role={ok ? 'status' : 'alert'}
        className={`rounded-md p-3 text-sm font-medium ${ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-700'}`}
      >
        {message}
      </p>
      {children}
    </div>
  );
};
