import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { api, type ValidBodyOf, type ValidParamsOf, type ValidQueryOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser } from '../common/auth.js';
import { sendFile } from '../http/file-response.js';
import { clientKey } from '../rate-limit/rate-limit.service.js';
import type { User } from '../identity/index.js';
import { CertificatesService } from './certificates.service.js';

const c = api.certificates;

/** A completed engagement's certificate: its PDF and settings (its student), its public page (anyone), its withdrawal (admins). */
@Controller()
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Endpoint(c.pdf)
  async pdf(
    @CurrentUser() user: User,
    @In.params() { id }: ValidParamsOf<typeof c.pdf>,
    @In.query() q: ValidQueryOf<typeof c.pdf>,
    @Res() reply: FastifyReply,
  ) {
    const { name, body } = await this.certificates.pdf(user, id, q.lang);
    return sendFile(reply, { name, contentType: 'application/pdf', size: body.length }, body);
  }

  @Endpoint(c.settings)
  settings(
    @CurrentUser() user: User,
    @In.params() { id }: ValidParamsOf<typeof c.settings>,
    @In.body() body: ValidBodyOf<typeof c.settings>,
  ) {
    return this.certificates.setShowRating(user, id, body.showRating);
  }

  @Endpoint(c.verify)
  verify(@In.params() { code }: ValidParamsOf<typeof c.verify>, @Req() req: FastifyRequest) {
    return this.certificates.verify(code, clientKey(req.ip));
  }

  @Endpoint(c.withdraw)
  withdraw(
    @CurrentUser() admin: User,
    @In.params() { id }: ValidParamsOf<typeof c.withdraw>,
    @In.body() body: ValidBodyOf<typeof c.withdraw>,
  ) {
    return this.certificates.withdraw(admin, id, body.reason);
  }
}
