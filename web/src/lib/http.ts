/** A failed call: `status` is undefined when no response arrived. `message` is the server's message when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number | undefined,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  get noResponse(): boolean {
    return this.status === undefined;
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (response.headers.get('content-type')?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
};

const messageOf = (body: unknown, fallback: string): string => {
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (typeof body === 'object' && body !== null) {
    const { message } = body as { message?: unknown };
    if (typeof message === 'string') return message;
  }
  return fallback;
};

/**
 * One HTTP call: JSON in and out, cookies always sent (the refresh token lives in an httpOnly cookie). Non-2xx
 * answers become ApiError with the status; a network failure becomes ApiError without one.
 */
export const sendRequest = async <T>(url: string, options: RequestOptions = {}): Promise<T> => {
  const { method = 'GET', body, headers = {}, signal } = options;
  const init: RequestInit = {
    method,
    credentials: 'include',
    // A JSON content type with an empty body is rejected by the server, so it is only sent with a body.
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(undefined, 'No Server Response');
  }
  const payload = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, messageOf(payload, response.statusText), payload);
  return payload as T;
};
