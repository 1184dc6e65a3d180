// The marketplace's tables as Kysely sees them: the types every query file of this module shares.
import type { Kysely, Selectable } from 'kysely';
import type { InferKyselyDB } from '@mikro-orm/postgresql';
import type {
  ApplicantMailWindowSchema,
  ApplicationSchema,
  CertificateSchema,
  DeliverableSchema,
  EngagementEndingSchema,
  MessageSchema,
  MilestoneSchema,
  PortfolioSchema,
  ProjectSchema,
  ReviewSchema,
  SavedSearchSchema,
  SearchAlertSchema,
} from './marketplace.entities.js';

/** The marketplace's tables, as Kysely sees them (typed from the entities). */
export type MarketplaceDB = InferKyselyDB<
  | typeof ProjectSchema
  | typeof ApplicationSchema
  | typeof MessageSchema
  | typeof ApplicantMailWindowSchema
  | typeof MilestoneSchema
  | typeof DeliverableSchema
  | typeof EngagementEndingSchema
  | typeof ReviewSchema
  | typeof CertificateSchema
  | typeof PortfolioSchema
  | typeof SavedSearchSchema
  | typeof SearchAlertSchema
>;
export type ProjectRow = Selectable<MarketplaceDB['projects']>;
export type ApplicationRow = Selectable<MarketplaceDB['applications']>;
export type Db = Kysely<MarketplaceDB>;
