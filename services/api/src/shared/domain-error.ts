/**
 * A business rule said no. Deciders throw subclasses; the HTTP edge maps them once, by `status`.
 */
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 403 | 404 | 409 | 422;
  abstract readonly title: string;
  readonly errors?: Record<string, string>;
}
