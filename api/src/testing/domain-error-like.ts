/** Shaped like core's domain errors (a `kind` and a stable `code`), for testing the HTTP mapping in isolation. */
export class DomainErrorLike extends Error {
  constructor(
    readonly kind: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
