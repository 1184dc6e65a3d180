/** The maintenance module's public surface. */
export { MaintenanceModule } from './maintenance.module.js';
export {
  DATA_EXPORT_BUILDER,
  MAINTENANCE_JOBS,
  type BuildDataExport,
  type DataExportBuilding,
  type EraseLeftovers,
} from './maintenance.jobs.js';
export { MaintenanceClock } from './maintenance.clock.js';
