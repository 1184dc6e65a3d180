import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import passport from 'passport';
import * as oidc from 'openid-client';
import { Strategy as OidcStrategy, type VerifyFunction } from 'openid-client/passport';
import { SIGN_IN_PROVIDERS, type SignInProvider } from '@mashrou/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { StrategyNames } from './strategy-names.js';

/** Who the provider says signed in, from its verified ID token (the tokens themselves are dropped). */
export interface ProviderProfile {
  provider: SignInProvider;
  subject: string;
  email: string;
  emailVerified: boolean;
  fullName: string;
}

/** What the start of a sign-in keeps for its callback (in Redis, bound to the browser): the checks' values. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Where openid-client's strategy reads the checks of the request it answers (`req.session[SESSION_KEY]`). */
export const SESSION_KEY = 'oidc';

/**
 * openid-client's Passport strategy, for the answer only: the sign-in is started by our own route
 * (its checks kept in Redis and bound to the browser, since Fastify has no session), and the query
 * is read from Fastify's request (the strategy's default reads Express's).
 */
class CallbackStrategy extends OidcStrategy {
  override shouldInitiateAuthRequest() {
    return false;
  }

  override currentUrl(req: unknown) {
    return new URL((req as FastifyRequest).url, 'http://callback.invalid');
  }
}

/** Discovery answers that are kept: the providers' metadata and keys change rarely, and are refetched on failure. */
const DISCOVERY_TIMEOUT_S = 10;

/**
 * Google and LinkedIn through OpenID Connect (issue 29): which are on (client id and secret set),
 * their discovered configuration, the authorization URL of a new sign-in (code flow, PKCE, state,
 * nonce), and openid-client's Passport strategy that checks the answer, registered under this app's
 * name for each provider (StrategyNames).
 */
@Injectable()
export class SignInProviders implements OnModuleDestroy {
  private readonly logger = new Logger(SignInProviders.name);
  private readonly discovered = new Map<SignInProvider, Promise<oidc.Configuration>>();
  private readonly strategies = new Map<SignInProvider, Promise<string>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly names: StrategyNames,
  ) {}

  onModuleDestroy() {
    for (const p of SIGN_IN_PROVIDERS) passport.unuse(this.names.providers[p]);
  }

  private settings(p: SignInProvider) {
    const c = this.config;
    return p === 'google'
      ? { id: c.GOOGLE_CLIENT_ID, secret: c.GOOGLE_CLIENT_SECRET, issuer: c.GOOGLE_ISSUER }
      : { id: c.LINKEDIN_CLIENT_ID, secret: c.LINKEDIN_CLIENT_SECRET, issuer: c.LINKEDIN_ISSUER };
  }

  enabled(): SignInProvider[] {
    return SIGN_IN_PROVIDERS.filter((p) => this.isEnabled(p));
  }

  isEnabled(p: SignInProvider) {
    const s = this.settings(p);
    return Boolean(s.id && s.secret);
  }

  /** The address the provider sends the browser back to: register exactly this with the provider. */
  callbackUrl(p: SignInProvider) {
    return new URL(`/api/auth/providers/${p}/callback`, this.config.WEB_ORIGIN).toString();
  }

  /** The provider's configuration, discovered once (again after a failure). */
  private configuration(p: SignInProvider): Promise<oidc.Configuration> {
    let found = this.discovered.get(p);
    if (!found) {
      const s = this.settings(p);
      const issuer = new URL(s.issuer);
      found = oidc.discovery(issuer, s.id ?? '', s.secret, undefined, {
        timeout: DISCOVERY_TIMEOUT_S,
        // http only for a provider on this machine (config.ts refuses it anywhere else): the tests' stand-in.
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out; loopback only
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      });
      found.catch((err: unknown) => {
        this.discovered.delete(p);
        this.strategies.delete(p);
        this.logger.warn(`${p}: discovery failed (${err instanceof Error ? err.message : 'error'})`);
      });
      this.discovered.set(p, found);
    }
    return found;
  }

  /** A new sign-in: the provider's authorization URL and the checks its answer must pass. */
  async authorization(p: SignInProvider): Promise<{ url: string; checks: AuthorizationChecks }> {
    const config = await this.configuration(p);
    const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl(p),
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, checks };
  }

  /** The name of the provider's Passport strategy, registered on first use (after discovery). */
  strategy(p: SignInProvider): Promise<string> {
    let name = this.strategies.get(p);
    if (!name) {
      name = this.configuration(p).then((config) => {
        passport.use(
          this.names.providers[p],
          new CallbackStrategy(
            { config, name: this.names.providers[p], callbackURL: this.callbackUrl(p), sessionKey: SESSION_KEY },
            this.verify(p),
          ),
        );
        return this.names.providers[p];
      });
      this.strategies.set(p, name);
    }
    return name;
  }

  /** The ID token's claims (checked by openid-client: signature, issuer, audience, nonce, expiry); the tokens go no further. */
  private verify(p: SignInProvider): VerifyFunction {
    return (tokens, done) => {
      const claims = tokens.claims();
      if (!claims?.sub || typeof claims.email !== 'string') {
        done(null, false, { message: 'The provider did not give an email address.' });
        return;
      }
      const given = [claims.given_name, claims.family_name].filter((v) => typeof v === 'string').join(' ');
      const profile: ProviderProfile = {
        provider: p,
        subject: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        fullName: (typeof claims.name === 'string' && claims.name.trim()) || given.trim() || claims.email.replace(/@.*/, ''),
      };
      done(null, profile);
    };
  }
}
