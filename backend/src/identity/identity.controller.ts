import { Controller, Get, HttpCode, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ValidBody, ZodBody } from '../common/zod.js';
import { AllowUnverified, CurrentUser, Public, assertOwnEmail, type AuthedRequest } from './auth.decorators.js';
import type { User } from './identity.entities.js';
import {
  ChangePasswordBody, ConfirmCodeBody, EmailBody, ResetConfirmBody, SignInBody, SignUpBody, UpdateProfileBody,
} from './identity.schemas.js';
import { IdentityService, publicUser, type ClientMeta } from './identity.service.js';
import { DEVICE_COOKIE, SESSION_COOKIE, SessionsService } from './sessions.service.js';

/** `req.ip` is the socket's address, or what TRUST_PROXY trusted proxies say it is. */
const meta = (req: AuthedRequest): ClientMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  deviceToken: req.cookies?.[DEVICE_COOKIE],
});

@ApiTags('auth')
@Controller()
export class IdentityController {
  constructor(
    private readonly identity: IdentityService,
    private readonly sessions: SessionsService,
  ) {}

  private setSession(reply: FastifyReply, token: string) {
    void reply.setCookie(SESSION_COOKIE, token, this.sessions.cookieOptions());
  }

  @Public()
  @Post('auth/signup')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a student or company account (unverified) and sign it in' })
  @ZodBody(SignUpBody)
  async signUp(
    @ValidBody(SignUpBody) body: z.output<typeof SignUpBody>,
    @Req() req: AuthedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { user, token, deviceToken } = await this.identity.signUp(body, meta(req));
    this.setSession(reply, token);
    void reply.setCookie(DEVICE_COOKIE, deviceToken, this.sessions.deviceCookieOptions());
    return { user: publicUser(user) };
  }

  @Public()
  @Post('auth/signin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password (a new session; any previous one on this browser ends)' })
  @ZodBody(SignInBody)
  async signIn(
    @ValidBody(SignInBody) body: z.output<typeof SignInBody>,
    @Req() req: AuthedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { user, token, deviceToken } = await this.identity.signIn(body.email, body.password, meta(req));
    await this.sessions.revoke(req.cookies?.[SESSION_COOKIE]);
    this.setSession(reply, token);
    void reply.setCookie(DEVICE_COOKIE, deviceToken, this.sessions.deviceCookieOptions());
    return { user: publicUser(user) };
  }

  @Public()
  @Post('auth/signout')
  @HttpCode(204)
  @ApiOperation({ summary: 'End this session' })
  async signOut(@Req() req: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.revoke(req.cookies?.[SESSION_COOKIE]);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  @AllowUnverified()
  @Get('auth/me')
  @ApiOperation({ summary: 'The signed-in user' })
  me(@CurrentUser() user: User) {
    return { user: publicUser(user) };
  }

  @AllowUnverified()
  @Patch('me')
  @ApiOperation({ summary: 'Update your name, company name or email notifications' })
  @ZodBody(UpdateProfileBody)
  async updateMe(@CurrentUser() user: User, @ValidBody(UpdateProfileBody) body: z.output<typeof UpdateProfileBody>) {
    return { user: publicUser(await this.identity.updateProfile(user.id, body)) };
  }

  @Post('me/password')
  @HttpCode(204)
  @ApiOperation({ summary: 'Change your password (other sessions end)' })
  @ZodBody(ChangePasswordBody)
  async changePassword(@Req() req: AuthedRequest, @ValidBody(ChangePasswordBody) body: z.output<typeof ChangePasswordBody>) {
    await this.identity.changePassword(req.auth!.user.id, req.auth!.sessionHash, body);
  }

  @AllowUnverified()
  @Post('verify-email')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a verification code to your own email (spec §7)' })
  @ZodBody(EmailBody)
  async sendCode(@CurrentUser() user: User, @Req() req: AuthedRequest, @ValidBody(EmailBody) body: z.output<typeof EmailBody>) {
    const r = await this.identity.requestVerification(user, body.email, meta(req));
    return { success: true, ...r };
  }

  @AllowUnverified()
  @Post('verify-email/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a verification code: { valid: true } marks the email verified' })
  @ZodBody(ConfirmCodeBody)
  async confirm(@CurrentUser() user: User, @Req() req: AuthedRequest, @ValidBody(ConfirmCodeBody) body: z.output<typeof ConfirmCodeBody>) {
    assertOwnEmail(user, body.email, 'verify');
    return this.identity.confirmCode(user, body.code, meta(req));
  }

  @Public()
  @Post('auth/password-reset')
  @HttpCode(202)
  @ApiOperation({ summary: 'Email a reset link (same answer whether or not the account exists)' })
  @ZodBody(EmailBody)
  async requestReset(@Req() req: AuthedRequest, @ValidBody(EmailBody) body: z.output<typeof EmailBody>) {
    await this.identity.requestPasswordReset(body.email, meta(req));
    return { success: true, message: 'Password reset email sent. Please check your inbox.' };
  }

  @Public()
  @Post('auth/password-reset/confirm')
  @HttpCode(204)
  @ApiOperation({ summary: 'Set a new password from a reset link; every session ends' })
  @ZodBody(ResetConfirmBody)
  async reset(@ValidBody(ResetConfirmBody) body: z.output<typeof ResetConfirmBody>) {
    await this.identity.resetPassword(body.token, body.password);
  }
}

