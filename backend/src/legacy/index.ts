/** The legacy module's public surface: the older system's import (`npm run import:legacy`). */
export { importLegacy, readLegacyExport, type ImportReport, type LegacyExport } from './legacy-import.js';
/** For the ORM's registration only (entities.ts). */
export { LEGACY_ENTITIES } from './legacy.entities.js';
