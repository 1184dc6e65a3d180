import { Module } from '@nestjs/common';
import { InboxStream } from './inbox-stream.js';
import { InboxController } from './inbox.controller.js';
import { InboxService } from './inbox.service.js';

/** Notifications in the app (table `inbox_items`): handlers add to it (worker), people read it (api). */
@Module({ providers: [InboxService], exports: [InboxService] })
export class InboxModule {}

/** The api side: the list, marking read, and the live stream. */
@Module({ imports: [InboxModule], controllers: [InboxController], providers: [InboxStream] })
export class InboxApiModule {}
