/** The notifications module's public surface: what a person is told in the app, and by email beside it. */
export { InboxApiModule, InboxModule, NotifierModule } from './notifications.module.js';
export { InboxService } from './inbox.service.js';
export { InboxStream } from './inbox-stream.js';
export { Notifier, type Notice, type NoticeRecipient } from './notifier.js';
/** For the ORM's registration only (entities.ts). */
export { NOTIFICATIONS_ENTITIES } from './notifications.entities.js';
