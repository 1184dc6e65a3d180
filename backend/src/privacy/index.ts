/** The privacy module's public surface. */
export { PrivacyModule } from './privacy.module.js';
export { DataExportBuilder, EXPORT_JSON } from './data-export.builder.js';
