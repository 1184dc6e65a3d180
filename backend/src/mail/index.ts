/** Mail delivery (shared infrastructure): rendering, sending once per job, the record of sent mail. */
export { MailModule, DeliveryModule, DeliveryRecordsModule } from './mail.module.js';
export { EmailDeliveryService } from './email-delivery.service.js';
export { DeliveryRecords } from './delivery-records.service.js';
/** For the ORM's registration only (entities.ts). */
export { MAIL_ENTITIES } from './mail.entities.js';
