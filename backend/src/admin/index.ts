/** The admin module's public surface. */
export { AdminModule } from './admin.module.js';
export { AccountErasure, type Eraser } from './account-erasure.service.js';
export { AdminRecords } from './admin-records.service.js';
export { mountQueueBoard } from './queue-board.js';
/** For `npm run import:legacy` (the legacy module). */
export { insertLegacySignupNotice, type LegacySignupNotice } from './legacy-import.js';
/** For the ORM's registration only (entities.ts). */
export { ADMIN_ENTITIES } from './admin.entities.js';
