import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The calls of the test console (spec 2 §7): their raw answers are shown as they come. */
export const TEST_ENDPOINTS = {
  stock: '/api/stock/AAPL',
  endpoint3: '/api/endpoint3',
} as const;
export type TestEndpoint = keyof typeof TEST_ENDPOINTS;

export const callTestEndpoint = (endpoint: TestEndpoint): Promise<unknown> =>
  api.get<unknown>(TEST_ENDPOINTS[endpoint]);

export const useCallTestEndpoint = () => useMutation({ mutationFn: callTestEndpoint });
