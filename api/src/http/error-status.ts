import { WrongExpectedVersionError } from '@etf-replicator/core';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error';

export type ErrorAnswer = {
  readonly status: number;
  readonly message: string;
  readonly headers?: Record<string, string>;
};

/** Domain errors from core carry a `kind`; this is the one place that turns kinds into HTTP statuses. */
const statusByKind: Record<string, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  rate_limited: 429,
};

const isDomainError = (error: unknown): error is Error & { kind: string; code: string } =>
  error instanceof Error &&
  typeof (error as { kind?: unknown }).kind === 'string' &&
  typeof (error as { code?: unknown }).code === 'string';

const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/**
 * Maps anything a handler throws to the answer the client sees. Unknown errors become a bare 500 so that no
 * internals (SQL, stack traces) leak; the caller logs them.
 */
export const answerFor = (error: unknown): ErrorAnswer => {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const first = error.validation[0];
    const field = first ? fieldOf(first.instancePath) : '';
    const where = field || context || 'request';
    return { status: 400, message: `Invalid ${where}: ${first?.message ?? 'invalid value'}` };
  }
  if (error instanceof HttpError)
    return { status: error.statusCode, message: error.message, headers: error.headers };
  if (isDomainError(error)) return { status: statusByKind[error.kind] ?? 400, message: error.message };
  if (error instanceof WrongExpectedVersionError) {
    return { status: 409, message: 'The resource was changed by another request. Please try again.' };
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: (error as Error).message || 'Bad request' };
  }
  return { status: 500, message: 'Internal Server Error' };
};
