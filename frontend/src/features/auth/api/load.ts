import { loadOnUse } from '../../../lib/load-on-use';

/** ./calls (zod, the contract's schemas, the api client), loaded when a form first needs it. */
export const authCalls = loadOnUse(() => import('./calls'));

/** Starts loading ./calls (a form got focus: the visitor is about to use it). */
export const prefetchAuthCalls = () => {
  authCalls().catch(() => {
    // Tried again when the form is sent.
  });
};
