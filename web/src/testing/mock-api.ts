import { vi } from 'vitest';

export type MockRequest = {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
};

export type MockResponse = { status: number; body?: unknown };
type Handler = MockResponse | ((request: MockRequest) => MockResponse | Promise<MockResponse>);

/** Sentinel: make `fetch` reject, as it does when the server cannot be reached. */
export const NO_RESPONSE: MockResponse = { status: -1 };

export const json = (status: number, body?: unknown): MockResponse => ({ status, body });

/**
 * Replaces `fetch` with a table of `"METHOD /path"` handlers (query strings are ignored for matching). A handler
 * may be a list, used one answer per call. Unknown calls fail the test loudly.
 */
export const mockApi = (routes: Record<string, Handler | Handler[]>) => {
  const calls: MockRequest[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]),
  );
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const rawBody = init.body;
    const request: MockRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : undefined,
      credentials: init.credentials,
    };
    calls.push(request);
    const key = `${method} ${url.pathname}`;
    const entry = queues.get(key);
    if (entry === undefined) throw new Error(`Unexpected call in test: ${key}`);
    const handler = Array.isArray(entry) ? entry.shift() : entry;
    if (handler === undefined) throw new Error(`No more answers for ${key}`);
    const response = typeof handler === 'function' ? await handler(request) : handler;
    if (response === NO_RESPONSE) throw new TypeError('Failed to fetch');
    const isText = typeof response.body === 'string';
    return new Response(
      response.body === undefined || response.status === 204
        ? null
        : isText
          ? (response.body as string)
          : JSON.stringify(response.body),
      {
        status: response.status,
        headers: { 'content-type': isText ? 'text/plain' : 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (key: string) => calls.filter((call) => `${call.method} ${call.url.pathname}` === key);
  return { calls, callsTo, fetchMock };
};
