import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '@mashrou/contracts';
import { DomainError } from './errors.js';
import { isDependencyUnavailable } from './dependency-unavailable.js';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad-request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  406: 'not-acceptable',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  422: 'validation-failed',
  429: 'too-many-requests',
  503: 'service-unavailable',
};

/** Fastify's own errors (raised before a controller runs), with honest statuses. */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload-too-large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported-media-type',
    message: 'Send the body as application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed-json', message: 'The body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed-json', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'bad-request',
    message: 'The Content-Length header does not match the body',
  },
};

/** Maps every error to `{ code, message, details? }`; a bug is a 500 with no stack trace leaked. */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody; unexpected: boolean } {
  if (err instanceof DomainError) {
    return {
      status: err.status,
      body: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      unexpected: false,
    };
  }
  // Fastify's errors may arrive wrapped by Nest in an HttpException (errorCode / cause).
  const w = (err ?? {}) as { code?: unknown; errorCode?: unknown; cause?: { code?: unknown } };
  const fastifyCode = [w.code, w.errorCode, w.cause?.code].find((c) => typeof c === 'string' && c in FASTIFY_CODES);
  const known = typeof fastifyCode === 'string' ? FASTIFY_CODES[fastifyCode] : undefined;
  if (known) return { status: known.status, body: { code: known.code, message: known.message }, unexpected: false };
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const res = err.getResponse();
    const given = typeof res === 'string' ? res : (res as { message?: unknown }).message;
    const message = status === 404 ? 'No such route' : typeof given === 'string' ? given : err.message;
    return {
      status,
      body: { code: STATUS_CODES[status] ?? (status >= 500 ? 'internal-error' : 'bad-request'), message },
      unexpected: status >= 500,
    };
  }
  const e = (err ?? {}) as { code?: string; statusCode?: number; message?: string };
  if (e instanceof SyntaxError) {
    return { status: 400, body: { code: 'malformed-json', message: 'The body is not valid JSON' }, unexpected: false };
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return {
      status: e.statusCode,
      body: { code: STATUS_CODES[e.statusCode] ?? 'bad-request', message: e.message ?? 'Bad request' },
      unexpected: false,
    };
  }
  if (isDependencyUnavailable(err)) {
    // Not a bug: the database or Redis is restarting. The caller retries (Retry-After), and readiness
    // is taking this process out of the load balancer meanwhile.
    return {
      status: 503,
      body: {
        code: 'busy',
        message: 'We are very busy right now. Please try again in a moment.',
        details: { retryAfterSeconds: 5 },
      },
      unexpected: false,
    };
  }
  return {
    status: 500,
    body: { code: 'internal-error', message: 'Something went wrong on our side. Please try again.' },
    unexpected: true,
  };
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(err: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const req = ctx.getRequest<FastifyRequest>();
    const { status, body, unexpected } = toErrorResponse(err);
    if (unexpected) this.logger.error({ msg: 'unhandled error', reqId: req.id, err });
    else if (status === 503 && body.code === 'busy') {
      this.logger.warn({ msg: 'a dependency is unreachable', reqId: req.id, err: (err as Error).message });
    }
    const retryAfter = (body.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
