import { Controller, Inject, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { api, type ProviderOutcome, type ValidBodyOf, type ValidParamsOf, type ValidQueryOf } from '@mashrou/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser, clientMeta as meta, type AuthedRequest } from './auth.decorators.js';
import type { User } from './identity.entities.js';
import { ProviderCallbackGuard, type ProviderCallbackRequest } from './provider-callback.guard.js';
import { RateLimitService, clientKey } from '../rate-limit/rate-limit.service.js';
import { LIMITS } from './limits.js';
import { PENDING_COOKIE, ProviderSignInService, refused, startCookie } from './provider-sign-in.service.js';
import { SESSION_COOKIE, SessionsService } from './sessions.service.js';
import { SignInProviders } from './sign-in-providers.js';
import { publicUser } from './user-view.js';

const c = api.providers;

/** Sign in with Google or LinkedIn (issue 29): README "Sign in with Google and LinkedIn". */
@Controller()
export class ProvidersController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly providers: SignInProviders,
    private readonly flow: ProviderSignInService,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitService,
  ) {}

  private go(reply: FastifyReply, path: string) {
    return reply.redirect(new URL(path, this.config.WEB_ORIGIN).toString(), 303);
  }

  private signedIn(req: AuthedRequest, reply: FastifyReply, s: { token: string; deviceToken: string }) {
    this.sessions.setSignInCookies(reply, s);
    void reply.clearCookie(PENDING_COOKIE, { path: '/api' });
    // Any earlier session of this browser ends, as with a password sign-in.
    return this.sessions.revoke(req.cookies[SESSION_COOKIE]);
  }

  /** Read by the public sign-in and sign-up pages: browsers keep it five minutes. */
  @Endpoint(c.list)
  list(@Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'public, max-age=300');
    return { providers: this.providers.enabled() };
  }

  @Endpoint(c.start)
  async start(
    @In.params() { provider }: ValidParamsOf<typeof c.start>,
    @In.query() query: ValidQueryOf<typeof c.start>,
    @Req() req: AuthedRequest,
    @Res() reply: FastifyReply,
  ) {
    // A browser's navigation: every refusal lands on a screen that words it, never on an error body.
    const refuse = (code: ProviderOutcome) => this.go(reply, refused(code, query.intent).to);
    if (!this.providers.isEnabled(provider)) return refuse('provider-sign-in-failed');
    // Linking is from Settings, signed in: a signed-out visitor signs in first and comes back there.
    if (query.intent === 'link' && !req.auth) return this.go(reply, '/signin?next=%2Fdashboard%2Fsettings');
    // Each start keeps its checks in Redis for 10 minutes: a budget per client address bounds them.
    if (!(await this.limits.consume(LIMITS.providerStartIp(clientKey(req.ip)))).ok) return refuse('too-many-attempts');
    const found = await this.providers.authorization(provider).catch(() => undefined);
    if (!found) return refuse('provider-sign-in-failed');
    const { url, checks } = found;
    const key = await this.flow.start({
      provider,
      intent: query.intent,
      ...(query.intent === 'link' && req.auth ? { userId: req.auth.user.id } : {}),
      ...(query.next ? { next: query.next } : {}),
      ...checks,
    });
    void reply.setCookie(startCookie(checks.state), key, this.sessions.cookieOptions('/api/auth/providers', 600));
    return reply.redirect(url, 303);
  }

  /** The provider's answer (checked by ProviderCallbackGuard): the browser goes back to the web app. */
  @UseGuards(ProviderCallbackGuard)
  @Endpoint(c.callback)
  async callback(
    @In.params() _params: ValidParamsOf<typeof c.callback>,
    @In.query() query: ValidQueryOf<typeof c.callback>,
    @Req() req: ProviderCallbackRequest,
    @Res() reply: FastifyReply,
  ) {
    if (query.state) void reply.clearCookie(startCookie(query.state), { path: '/api/auth/providers' });
    const answer = req.providerAnswer;
    if (!answer?.ok) return this.go(reply, refused(answer?.refused ?? 'provider-sign-in-failed', answer?.intent).to);
    const landing = await this.flow.complete(answer.started, answer.profile, meta(req), answer.ipBudget, req.auth?.user.id);
    if (landing.kind === 'signed-in') await this.signedIn(req, reply, landing);
    if (landing.kind === 'pending') void reply.setCookie(PENDING_COOKIE, landing.key, this.sessions.cookieOptions('/api', 900));
    return this.go(reply, landing.to);
  }

  @Endpoint(c.pending)
  pending(@Req() req: AuthedRequest) {
    return this.flow.describePending(req.cookies[PENDING_COOKIE]);
  }

  @Endpoint(c.signUp)
  async signUp(
    @In.body() body: ValidBodyOf<typeof c.signUp>,
    @Req() req: AuthedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { user, ...session } = await this.flow.signUp(req.cookies[PENDING_COOKIE], body, meta(req));
    await this.signedIn(req, reply, session);
    return { user: publicUser(user) };
  }

  @Endpoint(c.sendLinkCode)
  sendLinkCode(@Req() req: AuthedRequest) {
    return this.flow.sendLinkCode(req.cookies[PENDING_COOKIE], meta(req));
  }

  @Endpoint(c.confirmLinkCode)
  async confirmLinkCode(
    @In.body() body: ValidBodyOf<typeof c.confirmLinkCode>,
    @Req() req: AuthedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { user, ...session } = await this.flow.confirmLinkCode(req.cookies[PENDING_COOKIE], body.code, meta(req));
    await this.signedIn(req, reply, session);
    return { user: publicUser(user) };
  }

  @Endpoint(c.methods)
  methods(@CurrentUser() user: User) {
    return this.flow.methods(user, this.providers.enabled());
  }

  @Endpoint(c.unlink)
  async unlink(@CurrentUser() user: User, @In.params() { provider }: ValidParamsOf<typeof c.unlink>) {
    await this.flow.unlink(user, provider);
  }
}
