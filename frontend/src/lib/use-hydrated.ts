import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * false in the prerendered HTML and while the browser hydrates it, true afterwards (and at once in a
 * page rendered in the browser): React re-renders with `true` right after hydration.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
