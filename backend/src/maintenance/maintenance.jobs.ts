/** The jobs of the `maintenance` queue, by name. */
export const MAINTENANCE_JOBS = {
  purgeExpired: 'purge-expired',
  eraseLeftovers: 'erase-leftovers',
  closeExpiredProjects: 'close-expired-projects',
  companyDigest: 'company-digest',
  searchDigest: 'search-digest',
  pruneSearchIndex: 'prune-search-index',
  buildDataExport: 'build-data-export',
} as const;

/** A data export's job: its id only. */
export interface BuildDataExport {
  exportId: string;
}

/**
 * Who builds a data export (the privacy module provides it under this token; the processor finds it
 * at run time, so this module depends on none of the modules an export reads).
 */
export const DATA_EXPORT_BUILDER = Symbol('DATA_EXPORT_BUILDER');
export interface DataExportBuilding {
  build(exportId: string, lastAttempt: boolean): Promise<'done' | 'skipped'>;
}

/**
 * What an erasure could not clean in Redis right after its commit, retried here: the erased
 * events' ids and the key fragments of the person's budgets (their id and keyed mailbox — never an
 * address or a name).
 */
export interface EraseLeftovers {
  eventIds: string[];
  fragments: string[];
}
