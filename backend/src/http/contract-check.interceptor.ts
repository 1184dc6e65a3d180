import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map } from 'rxjs';
import { DomainError } from '../common/errors.js';
import { endpointOf } from './endpoint.js';

/**
 * A handler answered with a shape its contract does not describe: a bug, answered (outside
 * production only) as a 500 that says where, so the failing test names it.
 */
export class ContractViolation extends DomainError {
  constructor(endpoint: string, issues: { path: string; message: string }[]) {
    super('internal-error', `${endpoint} answered outside its contract`, 500, { endpoint, issues });
    this.name = 'ContractViolation';
  }
}

/**
 * Outside production, every answer is checked against its contract's response schema (strict
 * objects: no missing field, no extra one), so a test fails the moment a controller drifts from
 * what the web app and the OpenAPI document were promised.
 */
@Injectable()
export class ContractCheckInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Contract');

  intercept(ctx: ExecutionContext, next: CallHandler) {
    const e = endpointOf(ctx);
    const schema = e?.response;
    if (!e || !schema || typeof schema === 'string') return next.handle();
    return next.handle().pipe(
      map((value: unknown) => {
        const checked = schema.safeParse(value);
        if (!checked.success) {
          const violation = new ContractViolation(
            `${e.method} ${e.path}`,
            checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
          );
          this.logger.error({ msg: violation.message, details: violation.details });
          throw violation;
        }
        return value;
      }),
    );
  }
}
