/** The notifications module's public surface: sending mail, and its record. */
export { NotificationsModule } from './notifications.module.js';
export { DeliveryModule, DeliveryRecordsModule } from './delivery.module.js';
export { EmailDeliveryService } from './email-delivery.service.js';
export { DeliveryRecords } from './delivery-records.service.js';
export { InboxApiModule, InboxModule } from './inbox.module.js';
export { InboxService } from './inbox.service.js';
export { InboxStream } from './inbox-stream.js';
/** For the ORM's registration only (database/entities.ts). */
export { NOTIFICATIONS_ENTITIES } from './notifications.entities.js';
