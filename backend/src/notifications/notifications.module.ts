import { Module } from '@nestjs/common';
import { DeliveryModule } from '../mail/index.js';
import { InboxStream } from './inbox-stream.js';
import { InboxController } from './inbox.controller.js';
import { InboxService } from './inbox.service.js';
import { Notifier } from './notifier.js';

/** Notifications in the app (table `inbox_items`): handlers add to it (worker), people read it (api). */
@Module({ providers: [InboxService], exports: [InboxService] })
export class InboxModule {}

/** The api side: the list, marking read, and the live stream. */
@Module({ imports: [InboxModule], controllers: [InboxController], providers: [InboxStream] })
export class InboxApiModule {}

/** Telling a person (worker side): the entry in the app and the email, from one description. */
@Module({ imports: [InboxModule, DeliveryModule], providers: [Notifier], exports: [Notifier, InboxModule] })
export class NotifierModule {}
