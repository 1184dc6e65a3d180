import { defineConfig } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { Migrator } from '@mikro-orm/migrations';
import type { AppConfig } from './config/config.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './database/migrations/index.js';
import { preparePooledStatements } from './database/prepared.js';
import { watchPool } from './metrics/metrics.js';

/** The ORM's settings: every module's entities and the migrations, in order. */
export function ormConfig(config: Pick<AppConfig, 'DATABASE_URL' | 'NODE_ENV'>) {
  return defineConfig({
    clientUrl: config.DATABASE_URL,
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    pool: { min: 0, max: 10 },
    // Statements marked PREPARED are parsed and planned once per connection (database/prepared.ts);
    // the pool's connections in use, idle and awaited are metrics.
    driverOptions: {
      onPoolCreated: (pool: Pool) => {
        preparePooledStatements(pool);
        watchPool(pool);
      },
    },
    debug: false,
    allowGlobalContext: false,
  });
}
