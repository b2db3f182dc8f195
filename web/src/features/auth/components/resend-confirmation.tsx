import { Button } from '@/components/ui/button';
import { currentHost } from '@/lib/site';
import { resendErrorMessage, useResendConfirmation } from '../api/resend-confirmation';

/**
 * Issue 15: the login page's way out for an account whose address is not confirmed yet. The answer is the server's
 * (the same whether or not the address has an account); a refusal shows its reason, e.g. too many attempts.
 */
export const ResendConfirmation = ({ email }: { email: string }) => {
  const resend = useResendConfirmation();
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        className="w-full"
        disabled={resend.isSuccess}
        aria-disabled={resend.isPending || undefined}
        onClick={() => {
          if (!resend.isPending) resend.mutate({ email, hostname: currentHost() });
        }}
      >
        {resend.isPending ? 'Sending...' : 'Resend confirmation e-mail'}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {resend.isSuccess && resend.data}
      </p>
      {resend.isError && (
        <p role="alert" className="text-sm text-red-700">
          {resendErrorMessage(resend.error)}
        </p>
      )}
    </div>
  );
};
