import { Migration0001Outbox } from './0001-outbox.js';
import { Migration0002Identity } from './0002-identity.js';

/** Applied in this order by `npm run db:migrate`; never edit one that has shipped, add a new one. */
export const MIGRATIONS = [
  { name: '0001-outbox', class: Migration0001Outbox },
  { name: '0002-identity', class: Migration0002Identity },
];
