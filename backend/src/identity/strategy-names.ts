import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import passport from 'passport';
import type { SignInProvider } from '@mashrou/contracts';

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
  /** openid-client's strategy per provider (sign-in-providers.ts). */
  readonly providers: Record<SignInProvider, string> = {
    google: `google:${randomUUID()}`,
    linkedin: `linkedin:${randomUUID()}`,
  };
}

/**
 * Where @nestjs/passport's PassportStrategy registers a strategy under its fixed name while it is
 * built: a registry of its own, never authenticated with, so the process-wide one holds only the
 * names above (and nothing of a closed app). The strategies return it from `getPassportInstance()`.
 */
export const unusedRegistry = new passport.Passport();
