import type { ErrorCode } from '@mashrou/contracts';

/** A failure a caller can act on: a code from the contract's union, an HTTP status and a human message. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status = 400,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(code: ErrorCode = 'not-found', message = 'Not found') {
    super(code, message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(code: ErrorCode, message: string) {
    super(code, message, 409);
  }
}

export class ValidationError extends DomainError {
  constructor(fields: Record<string, string[]>, message = 'Some fields are invalid') {
    super('validation-failed', message, 422, { fields });
  }
}

/** A unique constraint refused a write, whether through the ORM or a Kysely query (SQLSTATE 23505). */
export const isUniqueViolation = (err: unknown) =>
  err instanceof Error && (err.name === 'UniqueConstraintViolationException' || (err as { code?: unknown }).code === '23505');
