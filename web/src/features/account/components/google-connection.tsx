import { accountMessages } from '@etf-replicator/core/contracts/accounts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { useSignInProviders } from '@/lib/sign-in-providers';
import { currentHost } from '@/lib/site';
import { useConnectGoogle } from '../api/connect-google';
import {
  DISCONNECT_SUCCESS,
  disconnectErrorMessage,
  useDisconnectProvider,
} from '../api/disconnect-provider';
import { hasProvider, type User } from '../api/get-user';
import {
  CREATE_PASSWORD_LINK_FAILED,
  createPasswordLinkSent,
  useSendCreatePasswordLink,
} from '../api/send-create-password-link';

/** Connect to Google, or disconnect it unless it is the only way to sign in (spec 1 §2.4, §4). */
export const GoogleConnection = ({ user }: { user: User }) => {
  const [blocked, setBlocked] = useState(false);
  const connected = hasProvider(user, 'google');
  const onlyProvider = connected && (user.oauthProviders ?? []).length === 1;
  // Issue 15: without Google credentials on the server, Connect is disabled with the reason (Disconnect still works).
  const googleUnavailable = useSignInProviders().data?.google === false;
  const hintId = useId();

  const connect = useConnectGoogle({
    mutationConfig: {
      onSuccess: (url) => browser.assign(url),
      onError: (error) =>
        toast.error(
          isApiError(error, 503) && error.message
            ? error.message
            : 'Something went wrong. Please try again later.',
        ),
    },
  });
  const disconnect = useDisconnectProvider({
    mutationConfig: {
      onSuccess: () => toast.success(DISCONNECT_SUCCESS),
      onError: (error) => {
        // 409: the server also refuses to remove the only way to sign in.
        if (isApiError(error, 409)) setBlocked(true);
        else toast.error(disconnectErrorMessage(error));
      },
    },
  });
  const createPassword = useSendCreatePasswordLink({
    mutationConfig: {
      onSuccess: (_data, { email }) => {
        setBlocked(false);
        toast.success(createPasswordLinkSent(email));
      },
      onError: () => toast.error(CREATE_PASSWORD_LINK_FAILED),
    },
  });

  const onDisconnect = () => {
    if (onlyProvider) setBlocked(true);
    else disconnect.mutate({ userId: user.id, providerType: 'google' });
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2">
        <span className="text-slate-900">Google</span>
        {connected ? <Badge tone="green">Connected</Badge> : <Badge>Not connected</Badge>}
      </div>
      {connected ? (
        <Button variant="secondary" onClick={onDisconnect} disabled={disconnect.isPending}>
          Disconnect
        </Button>
      ) : (
        <Button
          variant="secondary"
          onClick={() => connect.mutate()}
          disabled={connect.isPending || googleUnavailable}
          aria-describedby={googleUnavailable ? hintId : undefined}
        >
          Connect to Google
        </Button>
      )}
      {!connected && googleUnavailable && (
        <p id={hintId} className="w-full text-sm text-slate-500">
          {accountMessages.googleConnectNotConfiguredHint}
        </p>
      )}
      <Dialog
        open={blocked}
        onOpenChange={setBlocked}
        title="Create a password first"
        description={accountMessages.lastSignInMethod}
      >
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button
          onClick={() => createPassword.mutate({ email: user.email, hostname: currentHost() })}
          disabled={createPassword.isPending}
        >
          Send create-password link
        </Button>
      </Dialog>
    </div>
  );
};
