import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';

/**
 * This app's own names for its Passport strategies. Passport keeps one registry per process, and a
 * strategy holds its app's services (sessions, budgets): with a fixed name, an app started later in
 * the same process (the tests start several, with other settings) would take over the strategies of
 * the ones before it. The guards authenticate by these names.
 */
@Injectable()
export class StrategyNames {
  readonly session = `session:${randomUUID()}`;
  readonly local = `local:${randomUUID()}`;
}
