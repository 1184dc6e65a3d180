/** The maintenance module's public surface. */
export { MaintenanceModule } from './maintenance.module.js';
export { MAINTENANCE_JOBS, type EraseLeftovers } from './maintenance.jobs.js';
export { MaintenanceClock } from './maintenance.clock.js';
