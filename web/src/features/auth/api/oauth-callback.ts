import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, publicApi } from '@/lib/api-client';
import type { TokenResponse } from './login';

export type OAuthCallbackInput = { code: string; state: string };

export const completeOAuth = ({ code, state }: OAuthCallbackInput): Promise<TokenResponse> =>
  publicApi.get<TokenResponse>(`/api/auth/oauth-callback?${new URLSearchParams({ code, state }).toString()}`);

/** The first dot-separated part of `state` says where the flow began (spec 1 §4). */
export const oauthOrigin = (state: string): 'login' | 'connect' =>
  state.split('.')[0] === 'login' ? 'login' : 'connect';

/** 400 answers that end in a toast and /settings/account instead of an error on the login page (spec 1 §8). */
export const CONNECT_CONFLICTS = [
  'Account with email already exists.',
  'Google user id already exists.',
] as const;

export type OAuthFailure = { kind: 'conflict'; message: string } | { kind: 'error'; message: string };

export const oauthFailure = (error: unknown): OAuthFailure => {
  if (!(error instanceof ApiError) || error.noResponse)
    return { kind: 'error', message: 'No Server Response' };
  if (error.status === 400 && (CONNECT_CONFLICTS as readonly string[]).includes(error.message)) {
    return { kind: 'conflict', message: error.message };
  }
  if (error.status === 400 && error.message === 'User is disabled')
    return { kind: 'error', message: 'User is disabled' };
  return { kind: 'error', message: 'Login Failed' };
};

/** A query so the one-time code is exchanged once per page load, even when effects run twice. */
export const oauthCallbackQueryOptions = (input: OAuthCallbackInput) =>
  queryOptions({
    queryKey: ['oauth-callback', input.code, input.state],
    queryFn: () => completeOAuth(input),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useOAuthCallback = (input: OAuthCallbackInput) => useQuery(oauthCallbackQueryOptions(input));
