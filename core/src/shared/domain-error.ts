/**
 * A broken business rule, thrown by deciders and the engine before any event exists.
 * `code` is stable (API clients and tests match on it); `kind` tells the API which status family to answer with;
 * `message` is the user-facing text, exactly as the spec words it where the spec has one.
 */
export type DomainErrorKind = 'validation' | 'conflict' | 'forbidden' | 'not_found';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: string,
    readonly kind: DomainErrorKind,
    message: string,
    /** The input field the error is about, for 400 answers that name it. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/** The usual HTTP status for each kind; the API may still choose another (e.g. 404 instead of 403 for privacy). */
export const domainErrorStatus: Readonly<Record<DomainErrorKind, number>> = {
  validation: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};
