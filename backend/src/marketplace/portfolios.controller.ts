import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { api, type ValidBodyOf, type ValidParamsOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser } from '../common/auth.js';
import { clientKey } from '../rate-limit/rate-limit.service.js';
import type { User } from '../identity/index.js';
import { PortfoliosService } from './portfolios.service.js';

const c = api.portfolio;

/** A student's portfolio: its settings (the student), and its public page (anyone, once published). */
@Controller()
export class PortfoliosController {
  constructor(private readonly portfolios: PortfoliosService) {}

  @Endpoint(c.own)
  own(@CurrentUser() user: User) {
    return this.portfolios.own(user);
  }

  @Endpoint(c.save)
  save(@CurrentUser() user: User, @In.body() body: ValidBodyOf<typeof c.save>) {
    return this.portfolios.save(user, body);
  }

  /** A portfolio its student kept out of search engines says so in a header too. */
  @Endpoint(c.read)
  async read(
    @In.params() { slug }: ValidParamsOf<typeof c.read>,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const page = await this.portfolios.read(slug, clientKey(req.ip));
    if (page.noindex) void reply.header('x-robots-tag', 'noindex');
    return page;
  }
}
