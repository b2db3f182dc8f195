import { create } from 'zustand';
import { readHasRefreshToken, readPersist, writeHasRefreshToken, writePersist } from '@/lib/session-flags';
import { readClaims } from '@/lib/token-claims';

type SignedInFields = {
  /** Kept in memory only, never in storage. */
  accessToken: string | undefined;
  subject: string | undefined;
  userId: string | undefined;
  plan: string | undefined;
  roles: string[];
};

export type SessionState = SignedInFields & {
  /** Mirrors of the local-storage flags as this tab last set or read them. */
  persist: boolean;
  hasRefreshToken: boolean;
  /** Stores a new access token and its claims; throws InvalidTokenError when it cannot be decoded. */
  setAccessToken: (accessToken: string) => void;
  clear: () => void;
  setPersist: (persist: boolean) => void;
  setHasRefreshToken: (hasRefreshToken: boolean) => void;
};

const signedOut: SignedInFields = {
  accessToken: undefined,
  subject: undefined,
  userId: undefined,
  plan: undefined,
  roles: [],
};

export const useSession = create<SessionState>()((set) => ({
  ...signedOut,
  persist: readPersist(),
  hasRefreshToken: readHasRefreshToken(),
  setAccessToken: (accessToken) => set({ accessToken, ...readClaims(accessToken) }),
  clear: () => set(signedOut),
  setPersist: (persist) => {
    writePersist(persist);
    set({ persist });
  },
  setHasRefreshToken: (hasRefreshToken) => {
    writeHasRefreshToken(hasRefreshToken);
    set({ hasRefreshToken });
  },
}));

/** Signed in, or possibly signed in (a refresh cookie exists): the rule `/` and the guest guard use. */
export const selectMaySignIn = (state: SessionState): boolean =>
  state.accessToken !== undefined || state.hasRefreshToken;
