import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { api, type ValidParamsOf, type ValidQueryOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentSessionHash, CurrentUser } from '../common/auth.js';
import { NotFoundError } from '../common/errors.js';
import { InboxStream } from './inbox-stream.js';
import { InboxService } from './inbox.service.js';

/** The signed-in caller (the session guard's user; only its id is read here, so this module needs nothing of identity's). */
type SignedIn = Readonly<{ id: string }>;

const c = api.notifications;

/** Each person's own notifications (every role): the list, the unread count, its live stream, marking read. */
@Controller()
export class InboxController {
  constructor(
    private readonly inbox: InboxService,
    private readonly stream: InboxStream,
  ) {}

  @Endpoint(c.inbox)
  list(@CurrentUser() user: SignedIn, @In.query() q: ValidQueryOf<typeof c.inbox>) {
    return this.inbox.page(user.id, q.page, q.pageSize, q.unread === 'true');
  }

  @Endpoint(c.unread)
  async unread(@CurrentUser() user: SignedIn) {
    return { unread: await this.inbox.unread(user.id) };
  }

  @Endpoint(c.stream)
  async events(
    @CurrentUser() user: SignedIn,
    @CurrentSessionHash() sessionHash: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    await this.stream.open(user.id, sessionHash, req, reply);
  }

  @Endpoint(c.markRead)
  async markRead(@CurrentUser() user: SignedIn, @In.params() { id }: ValidParamsOf<typeof c.markRead>) {
    const unread = await this.inbox.markRead(user.id, id);
    if (unread === null) throw new NotFoundError('notification-not-found', 'This notification does not exist.');
    return { unread };
  }

  @Endpoint(c.markAllRead)
  async markAllRead(@CurrentUser() user: SignedIn) {
    return { unread: await this.inbox.markAllRead(user.id) };
  }
}
