/** The marketplace module's public surface. */
export { MarketplaceModule } from './marketplace.module.js';
export { MarketplaceRecords } from './records.service.js';
export { DeadlinesService } from './deadlines.service.js';
export { SearchIndexService } from './search-index.service.js';
/** For AI Recruitment's track record: when a review shows to the side it is about (one rule everywhere). */
export { REVIEW_SHOWS } from './reviews.queries.js';
/** For `npm run import:legacy` (the legacy module). */
export { insertLegacyApplication, insertLegacyProject, type LegacyApplication, type LegacyProject } from './legacy-import.js';
/** For the ORM's registration only (entities.ts). */
export { MARKETPLACE_ENTITIES } from './marketplace.entities.js';
