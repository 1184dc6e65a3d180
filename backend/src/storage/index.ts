/** The storage module's public surface. */
export { StorageModule } from './storage.module.js';
export { StorageService, fileView, storageError } from './storage.service.js';
export { DataExportsService, EXPORT_TTL_HOURS, exportView } from './data-exports.service.js';
export type { StorageDB } from './storage.queries.js';
/** For the ORM's registration only (entities.ts). */
export { STORAGE_ENTITIES } from './storage.entities.js';
