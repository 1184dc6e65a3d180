import { NetworkError } from './errors';

/**
 * A module loaded when first needed, so its code stays out of a page's start: loaded once; a failed
 * load reads as the network's failure and is tried again on the next call.
 */
export function loadOnUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      console.error('[load]', err);
      throw new NetworkError();
    }));
}
