import type { z } from 'zod';
import { fmpErrorBodySchema } from './fmp-schemas';

export const FMP_DEFAULT_BASE_URL = 'https://financialmodelingprep.com';

export type FmpErrorKind = 'unauthorized' | 'rate-limited' | 'http' | 'malformed' | 'network';

/** Everything that can go wrong talking to FMP, with a message that names the call and never the key. */
export class FmpError extends Error {
  override readonly name = 'FmpError';
  constructor(
    readonly kind: FmpErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type FmpClientOptions = {
  readonly apiKey: string;
  readonly baseUrl?: string;
  /** Attempts per call when FMP answers 429 or 5xx, or the connection fails (default 4). */
  readonly maxAttempts?: number;
  /** First backoff delay; doubles per attempt. A Retry-After header wins, capped at maxDelayMs. */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly timeoutMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
};

export type FmpClient = {
  /** GET {baseUrl}{path}?{params}&apikey=…, validated with `schema`. */
  get<S extends z.ZodType>(path: string, params: Record<string, string>, schema: S): Promise<z.output<S>>;
};

const describeCall = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

const errorMessageOf = (body: string): string | undefined => {
  try {
    const parsed = fmpErrorBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data['Error Message'] : undefined;
  } catch {
    return undefined;
  }
};

const retryAfterMs = (header: string | null): number | undefined => {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
};

/**
 * A small FMP HTTP client: the key goes in the `apikey` query parameter as FMP documents; 401/403 fail at once
 * (a bad key does not get better), 429/5xx/network errors are retried with exponential backoff, and a body that
 * is not the documented shape fails with the call and the first mismatch named.
 */
export const createFmpClient = ({
  apiKey,
  baseUrl = FMP_DEFAULT_BASE_URL,
  maxAttempts = 4,
  baseDelayMs = 1000,
  maxDelayMs = 30_000,
  timeoutMs = 30_000,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: FmpClientOptions): FmpClient => ({
  async get(path, params, schema) {
    const call = describeCall(path, params);
    const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('apikey', apiKey);
    for (let attempt = 1; ; attempt += 1) {
      let retryReason: string;
      let wait = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = await response.text();
        if (response.status === 401 || response.status === 403) {
          throw new FmpError(
            'unauthorized',
            `FMP refused ${call} (HTTP ${response.status}${errorMessageOf(body) ? `: ${errorMessageOf(body)}` : ''}). Check FMP_API_KEY.`,
            response.status,
          );
        }
        if (response.status === 429 || response.status >= 500) {
          retryReason = `HTTP ${response.status}${errorMessageOf(body) ? `: ${errorMessageOf(body)}` : ''}`;
          wait = Math.min(maxDelayMs, retryAfterMs(response.headers.get('retry-after')) ?? wait);
          if (attempt >= maxAttempts) {
            throw new FmpError(
              response.status === 429 ? 'rate-limited' : 'http',
              `FMP ${call} still failed after ${attempt} attempts (${retryReason})`,
              response.status,
            );
          }
        } else if (!response.ok) {
          throw new FmpError('http', `FMP ${call} failed: HTTP ${response.status}`, response.status);
        } else {
          return parseBody(call, body, schema);
        }
      } catch (error) {
        if (error instanceof FmpError) throw error;
        retryReason = (error as Error).message;
        if (attempt >= maxAttempts) {
          throw new FmpError(
            'network',
            `FMP ${call} is unreachable after ${attempt} attempts (${retryReason})`,
          );
        }
      }
      await sleep(wait);
    }
  },
});

const parseBody = <S extends z.ZodType>(call: string, body: string, schema: S): z.output<S> => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new FmpError('malformed', `FMP ${call} returned a body that is not JSON: ${body.slice(0, 80)}`);
  }
  const apiError = fmpErrorBodySchema.safeParse(json);
  if (apiError.success) throw new FmpError('http', `FMP ${call} answered: ${apiError.data['Error Message']}`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'body';
    throw new FmpError('malformed', `FMP ${call} returned an unexpected body: ${where}: ${issue?.message}`);
  }
  return parsed.data;
};
