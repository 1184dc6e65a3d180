import { dropDatabase } from '../../dist/cli/ensure-database.js';
import { templateUrl } from './global-setup.mjs';

export default async function globalTeardown() {
  await dropDatabase(templateUrl());
}
