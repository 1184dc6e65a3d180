/** The jobs of the `maintenance` queue, by name. */
export const MAINTENANCE_JOBS = {
  purgeExpired: 'purge-expired',
  eraseLeftovers: 'erase-leftovers',
  closeExpiredProjects: 'close-expired-projects',
  companyDigest: 'company-digest',
} as const;

/**
 * What an erasure could not clean in Redis right after its commit, retried here: the erased
 * events' ids and the key fragments of the person's budgets (their id and keyed mailbox — never an
 * address or a name).
 */
export interface EraseLeftovers {
  eventIds: string[];
  fragments: string[];
}
