import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port.js';

/**
 * A real OpenID Connect provider on 127.0.0.1 (`oidc-provider`, the certified implementation),
 * standing in for Google or LinkedIn. Its sign-in form takes any login and password; the login is
 * the person's email, which decides what the provider says of them:
 * - `unverified…@…`: `email_verified` false;
 * - anything else: verified, named after the address (`nadia.haddad@…` is "Nadia Haddad").
 * The login is also the subject: the same person always has the same subject. Consent is given by
 * itself (a first-party sign-in), so a sign-in is the login form and back.
 */
export class OidcStandIn {
  issuer = '';
  readonly clientId: string;
  readonly clientSecret: string;
  private server?: Server;

  constructor(
    readonly name: 'google' | 'linkedin',
    private readonly redirectUri: (issuerName: string) => string,
  ) {
    this.clientId = `${name}-client`;
    this.clientSecret = `${name}-secret-for-tests-only`;
  }

  /** The api settings that point at this provider. */
  get env(): Record<string, string> {
    const p = this.name.toUpperCase();
    return { [`${p}_CLIENT_ID`]: this.clientId, [`${p}_CLIENT_SECRET`]: this.clientSecret, [`${p}_ISSUER`]: this.issuer };
  }

  async start() {
    const port = await freePort();
    this.issuer = `http://127.0.0.1:${port}`;
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: [this.redirectUri(this.name)],
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      // Like Google's and LinkedIn's: the person's email and name are in the ID token itself.
      conformIdTokenClaims: false,
      cookies: { keys: [`${this.name}-cookie-key-for-tests`] },
      ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      features: { devInteractions: { enabled: true } },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => {
          const email = id;
          const words = email
            .replace(/@.*/, '')
            .split(/[._-]/)
            .filter(Boolean)
            .map((w: string) => w.charAt(0).toUpperCase() + w.slice(1));
          return {
            sub: id,
            email,
            email_verified: !email.startsWith('unverified'),
            name: words.join(' '),
            given_name: words[0],
            family_name: words.slice(1).join(' '),
          };
        },
      }),
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    const handle = provider.callback();
    this.server = createServer((req, res) => {
      void handle(req, res);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => {
      if (this.server) this.server.close(resolve);
      else resolve(undefined);
    });
  }
}
