import type { ErrorCode } from '@mashrou/contracts';

/** Codes the web app gives to failures the api did not word itself. */
export type ClientErrorCode =
  /** The answer was not JSON (and not a proxy's 5xx page). */
  | 'invalid-response'
  /** An error without a known code. */
  | 'unknown'
  /** Spec §8 storage codes that only the browser can tell. */
  | 'canceled'
  | 'retry-limit-exceeded';

/** A failed api call: the api's code (the web app words it; never its English `message`), status and details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The api could not be reached at all (spec §8 network failure). */
export class NetworkError extends Error {
  readonly code = 'network-error';
  constructor() {
    super('network-error');
    this.name = 'NetworkError';
  }
}

/** A failed upload or download (spec §8 storage errors). */
export class StorageError extends Error {
  constructor(
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}
