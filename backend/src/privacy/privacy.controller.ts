import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { api, type ValidBodyOf, type ValidQueryOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { sendFile } from '../http/file-response.js';
import { clearSessionCookies, CurrentUser, type User } from '../identity/index.js';
import { PrivacyService } from './privacy.service.js';

const c = api.privacy;

/** Settings → Download my data, Delete my account: every route is the signed-in person's own. */
@Controller()
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Endpoint(c.requestExport)
  requestExport(@CurrentUser() user: User) {
    return this.privacy.requestExport(user);
  }

  @Endpoint(c.latestExport)
  latestExport(@CurrentUser() user: User) {
    return this.privacy.latestExport(user);
  }

  /** Only its owner, signed in, by the mailed token or their latest ready export, within its day. */
  @Endpoint(c.downloadExport)
  async downloadExport(
    @CurrentUser() user: User,
    @In.query() q: ValidQueryOf<typeof c.downloadExport>,
    @Res() reply: FastifyReply,
  ) {
    const { row, stream } = await this.privacy.download(user, q.token);
    const day = row.requestedAt.toISOString().slice(0, 10);
    return sendFile(reply, { name: `mashrou-data-${day}.zip`, contentType: 'application/zip', size: row.size }, stream, {
      'referrer-policy': 'no-referrer',
    });
  }

  /** The account and its data are erased; this browser's session cookie goes with it. */
  @Endpoint(c.deleteAccount)
  async deleteAccount(
    @CurrentUser() user: User,
    @In.body() body: ValidBodyOf<typeof c.deleteAccount>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.privacy.deleteAccount(user, body.password);
    clearSessionCookies(reply);
  }
}
