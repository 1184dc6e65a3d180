import { NetworkError } from '../../../lib/errors';

type Calls = typeof import('./calls');

let loading: Promise<Calls> | undefined;

/** ./calls, loaded once; a failed load reads as the network's failure and is tried again next time. */
export function authCalls(): Promise<Calls> {
  loading ??= import('./calls').catch((err: unknown) => {
    loading = undefined;
    console.error('[auth]', err);
    throw new NetworkError();
  });
  return loading;
}

/** Starts loading ./calls (a form got focus: the visitor is about to use it). */
export const prefetchAuthCalls = () => {
  authCalls().catch(() => {
    // Tried again when the form is sent.
  });
};
