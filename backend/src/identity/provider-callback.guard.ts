import { Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AuthGuard as PassportGuard } from '@nestjs/passport';
import { SignInProvider, type ProviderOutcome } from '@mashrou/contracts';
import { RateLimitService, clientKey, type Limit } from '../rate-limit/rate-limit.service.js';
import type { AuthedRequest } from './auth.decorators.js';
import { LIMITS } from './limits.js';
import { ProviderSignInService, startCookie, type Started } from './provider-sign-in.service.js';
import { SESSION_KEY, SignInProviders, type ProviderProfile } from './sign-in-providers.js';

/** What the callback's guard found: who the provider says this is, or why the sign-in stops here. */
export type ProviderAnswer =
  | { ok: true; started: Started; profile: ProviderProfile; ipBudget: Limit }
  | { ok: false; intent: Started['intent']; refused: ProviderOutcome };
export type ProviderCallbackRequest = AuthedRequest & {
  providerAnswer?: ProviderAnswer;
  /** Where openid-client's strategy reads the checks of the sign-in it answers (sign-in-providers.ts). */
  session?: Record<string, unknown>;
  query: { error?: string; state?: string };
};

/** A provider's strategy behind @nestjs/passport's guard: the checked profile, or why there is none. */
class ProviderPassportGuard extends PassportGuard() {
  private readonly logger = new Logger('ProviderSignIn');

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- generic as the base class's
  handleRequest<T = ProviderProfile | ProviderOutcome>(
    err: Error | null,
    profile: ProviderProfile | false,
    _info: unknown,
    ctx: ExecutionContext,
  ): T {
    if (profile) return profile as T;
    const req = ctx.switchToHttp().getRequest<ProviderCallbackRequest>();
    // The reason only (never a token or a code): a wrong state, an expired code, a bad signature…
    if (err) this.logger.warn(`provider sign-in refused: ${err.message.slice(0, 200)}`);
    return (req.query.error === 'access_denied' ? 'provider-sign-in-cancelled' : 'provider-sign-in-failed') as T;
  }
}

/**
 * The provider's answer, checked by openid-client's Passport strategy (the code exchanged with its
 * PKCE verifier; the ID token's signature, issuer, audience, expiry and nonce; the state) against
 * the sign-in this browser started (its start cookie, named after the state; read once). The client address's sign-in budget
 * counts it before anything is exchanged. Never refuses the request itself: the route sends the
 * browser back to the web app with the outcome.
 */
@Injectable()
export class ProviderCallbackGuard implements CanActivate {
  private readonly guards = new Map<string, ProviderPassportGuard>();

  constructor(
    private readonly providers: SignInProviders,
    private readonly flow: ProviderSignInService,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(ctx: ExecutionContext) {
    const req = ctx.switchToHttp().getRequest<ProviderCallbackRequest>();
    const provider = SignInProvider.safeParse((req.params as { provider?: unknown }).provider);
    // A malformed address: the route's parameter check answers it.
    if (!provider.success) return true;
    req.providerAnswer = await this.answer(req, provider.data, ctx);
    return true;
  }

  private async answer(req: ProviderCallbackRequest, provider: SignInProvider, ctx: ExecutionContext): Promise<ProviderAnswer> {
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const started = state ? await this.flow.takeStarted(req.cookies[startCookie(state)]) : undefined;
    if (!started || started.provider !== provider || !this.providers.isEnabled(provider)) {
      return { ok: false, intent: started?.intent ?? 'signin', refused: 'provider-sign-in-failed' };
    }
    const ipBudget = LIMITS.signInIp(clientKey(req.ip));
    if (!(await this.limits.consume(ipBudget)).ok) return { ok: false, intent: started.intent, refused: 'too-many-attempts' };
    let name: string;
    try {
      name = await this.providers.strategy(provider);
    } catch {
      return { ok: false, intent: started.intent, refused: 'provider-sign-in-failed' };
    }
    req.session = { [SESSION_KEY]: { code_verifier: started.codeVerifier, nonce: started.nonce, state: started.state } };
    let guard = this.guards.get(name);
    if (!guard) this.guards.set(name, (guard = new ProviderPassportGuard({ defaultStrategy: name, property: 'providerResult' })));
    await guard.canActivate(ctx);
    const result = (req as unknown as { providerResult: ProviderProfile | ProviderOutcome }).providerResult;
    return typeof result === 'string'
      ? { ok: false, intent: started.intent, refused: result }
      : { ok: true, started, profile: result, ipBudget };
  }
}
