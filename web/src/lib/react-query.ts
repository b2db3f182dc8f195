import { type DefaultOptions, QueryClient, type UseMutationOptions } from '@tanstack/react-query';

export const queryDefaults = {
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
  mutations: { retry: false },
} satisfies DefaultOptions;

export const createQueryClient = (): QueryClient => new QueryClient({ defaultOptions: queryDefaults });

type AnyAsync = (...args: never[]) => Promise<unknown>;

export type ApiFnReturnType<Fn extends AnyAsync> = Awaited<ReturnType<Fn>>;

export type MutationConfig<Fn extends AnyAsync> = Omit<
  UseMutationOptions<ApiFnReturnType<Fn>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;
