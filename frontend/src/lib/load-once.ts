import type { FulfilledReactPromise, PendingReactPromise, RejectedReactPromise } from 'react';

/** A load that says how it stands, as React's `use` reads it: one already done is read at once, on the server too. */
export type Loading<T> = Promise<T> & (PendingReactPromise<T> | FulfilledReactPromise<T> | RejectedReactPromise<T>);

export interface LoadOnce<T> {
  /** The load, started on the first call and shared by every caller. */
  (): Loading<T>;
  /** Forgets a load that failed, so the next call tries again (a part's Try again: components/ui/loaded-part.tsx). */
  retry: () => void;
  /** Starts the load ahead, not waiting for it (a part about to be shown), trying again one that failed. */
  start: () => void;
}

/**
 * `load` (a part of the app's code) run once and shared by every caller, for React's `use`. A load
 * that failed (a phone's network, a build replaced meanwhile) stays failed, so the part shows its
 * error instead of asking again on every render, until `retry` (lib/load-on-use.ts forgets a failure
 * at once: right for a call awaited once, but `use` would start a new load on each render after it).
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let current: Loading<T> | undefined;
  const read = () => {
    if (current) return current;
    const started = load();
    const state: { status: Loading<T>['status']; value?: T; reason?: unknown } = Object.assign(started, {
      status: 'pending' as const,
    });
    started.then(
      (value) => {
        state.status = 'fulfilled';
        state.value = value;
      },
      (reason: unknown) => {
        state.status = 'rejected';
        state.reason = reason;
      },
    );
    current = started as Loading<T>;
    return current;
  };
  const retry = () => {
    if (current?.status === 'rejected') current = undefined;
  };
  return Object.assign(read, {
    retry,
    start: () => {
      retry();
      read().catch(() => undefined);
    },
  });
}
