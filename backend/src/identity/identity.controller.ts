import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { api, type ValidBodyOf, type ValidQueryOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentSessionHash } from '../common/auth.js';
import { CurrentUser, assertOwnEmail, clientMeta as meta, type AuthedRequest } from './auth.decorators.js';
import { SignInGuard, type SigningInRequest } from './auth.guard.js';
import type { User } from './identity.entities.js';
import { AuthService } from './auth.service.js';
import { PasswordsService } from './passwords.service.js';
import { ProfileService } from './profile.service.js';
import { clearSessionCookies, SESSION_COOKIE, SessionsService } from './sessions.service.js';
import { publicUser } from './user-view.js';
import { VerificationService } from './verification.service.js';
import { EmailChangeService } from './email-change.service.js';
import { PENDING_COOKIE, ProviderSignInService } from './provider-sign-in.service.js';

const c = api.identity;

@Controller()
export class IdentityController {
  constructor(
    private readonly auth: AuthService,
    private readonly verification: VerificationService,
    private readonly passwords: PasswordsService,
    private readonly profile: ProfileService,
    private readonly sessions: SessionsService,
    private readonly emailChange: EmailChangeService,
    private readonly providerSignIn: ProviderSignInService,
  ) {}

  @Endpoint(c.signUp)
  async signUp(
    @In.body() body: ValidBodyOf<typeof c.signUp>,
    @Req() req: AuthedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { user, ...session } = await this.auth.signUp(body, meta(req));
    this.sessions.setSignInCookies(reply, session);
    return { user: publicUser(user) };
  }

  /** The account is signed in by SignInGuard (Passport's local strategy); this sets its cookies. */
  @UseGuards(SignInGuard)
  @Endpoint(c.signIn)
  async signIn(@Req() req: SigningInRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { user, ...session } = req.signedIn;
    await this.sessions.revoke(req.cookies[SESSION_COOKIE]);
    this.sessions.setSignInCookies(reply, session);
    // The password proved the account a waiting Google or LinkedIn sign-in asked to be linked to.
    if ((await this.providerSignIn.linkAfterPasswordSignIn(req.cookies[PENDING_COOKIE], user)) !== undefined) {
      void reply.clearCookie(PENDING_COOKIE, { path: '/api' });
    }
    return { user: publicUser(user) };
  }

  @Endpoint(c.signOut)
  async signOut(@Req() req: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.revoke(req.cookies[SESSION_COOKIE]);
    clearSessionCookies(reply);
  }

  @Endpoint(c.me)
  me(@CurrentUser() user: User) {
    return { user: publicUser(user) };
  }

  @Endpoint(c.unsubscription)
  async unsubscription(@In.query() query: ValidQueryOf<typeof c.unsubscription>) {
    return this.profile.unsubscription(query.token);
  }

  /** A mail client's one-click POST (a form body, no cookie) or the unsubscribe page's button and Undo. */
  @Endpoint(c.unsubscribe)
  async unsubscribe(@In.query() query: ValidQueryOf<typeof c.unsubscribe>, @In.body() body: ValidBodyOf<typeof c.unsubscribe>) {
    return this.profile.unsubscription(query.token, body.resubscribe ? 'on' : 'off');
  }

  @Endpoint(c.updateMe)
  async updateMe(@CurrentUser() user: User, @In.body() body: ValidBodyOf<typeof c.updateMe>) {
    return { user: publicUser(await this.profile.update(user.id, body)) };
  }

  @Endpoint(c.changePassword)
  async changePassword(
    @CurrentUser() user: User,
    @CurrentSessionHash() sessionHash: string,
    @In.body() body: ValidBodyOf<typeof c.changePassword>,
  ) {
    await this.passwords.change(user.id, sessionHash, body);
  }

  @Endpoint(c.sendCode)
  async sendCode(@CurrentUser() user: User, @Req() req: AuthedRequest, @In.body() body: ValidBodyOf<typeof c.sendCode>) {
    const r = await this.verification.request(user, body.email, meta(req));
    return { success: true, ...r } as const;
  }

  @Endpoint(c.confirmCode)
  async confirm(@CurrentUser() user: User, @Req() req: AuthedRequest, @In.body() body: ValidBodyOf<typeof c.confirmCode>) {
    assertOwnEmail(user, body.email);
    return this.verification.confirm(user, body.code, meta(req));
  }

  @Endpoint(c.requestReset)
  async requestReset(@Req() req: AuthedRequest, @In.body() body: ValidBodyOf<typeof c.requestReset>) {
    await this.passwords.requestReset(body.email, meta(req));
    return { success: true, message: 'Password reset email sent. Please check your inbox.' } as const;
  }

  @Endpoint(c.confirmReset)
  async reset(@In.body() body: ValidBodyOf<typeof c.confirmReset>) {
    await this.passwords.reset(body.token, body.password);
  }

  @Endpoint(c.requestEmailChange)
  requestEmailChange(
    @CurrentUser() user: User,
    @Req() req: AuthedRequest,
    @In.body() body: ValidBodyOf<typeof c.requestEmailChange>,
  ) {
    return this.emailChange.request(user, body.newEmail, body.password, meta(req));
  }

  @Endpoint(c.confirmEmailChange)
  async confirmEmailChange(
    @CurrentUser() user: User,
    @CurrentSessionHash() sessionHash: string,
    @Req() req: AuthedRequest,
    @In.body() body: ValidBodyOf<typeof c.confirmEmailChange>,
  ) {
    return { user: publicUser(await this.emailChange.confirm(user, sessionHash, body.code, meta(req))) };
  }
}
