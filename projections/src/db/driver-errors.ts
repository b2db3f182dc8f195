import {
  BackendTerminatedError,
  BackendTerminatedUnexpectedlyError,
  CheckIntegrityConstraintViolationError,
  ForeignKeyIntegrityConstraintViolationError,
  IdleTransactionTimeoutError,
  NotNullIntegrityConstraintViolationError,
  StatementCancelledError,
  StatementTimeoutError,
  UniqueIntegrityConstraintViolationError,
} from '@slonik/errors';

type ErrorClass = new (error: Error) => Error;

const bySqlState: Record<string, ErrorClass> = {
  '23505': UniqueIntegrityConstraintViolationError as unknown as ErrorClass,
  '23503': ForeignKeyIntegrityConstraintViolationError as unknown as ErrorClass,
  '23502': NotNullIntegrityConstraintViolationError as unknown as ErrorClass,
  '23514': CheckIntegrityConstraintViolationError as unknown as ErrorClass,
  '25P03': IdleTransactionTimeoutError as unknown as ErrorClass,
  '57P01': BackendTerminatedError as unknown as ErrorClass,
};

/**
 * The error classes slonik's own driver turns node-postgres errors into (the original stays the `cause`, so a
 * caller reading the SQLSTATE through the cause chain finds it); any other error is passed on as it is.
 */
export const wrapDriverError = (error: unknown): unknown => {
  if (!(error instanceof Error)) return error;
  const message = error.message.toLowerCase();
  if (message.includes('connection terminated unexpectedly'))
    return new BackendTerminatedUnexpectedlyError(error);
  if (message.includes('connection terminated')) return new BackendTerminatedError(error);
  const code = (error as { code?: unknown }).code;
  if (code === '57014')
    return message.includes('canceling statement due to user request')
      ? new StatementCancelledError(error)
      : new StatementTimeoutError(error);
  const Wrapped = typeof code === 'string' ? bySqlState[code] : undefined;
  return Wrapped ? new Wrapped(error) : error;
};
