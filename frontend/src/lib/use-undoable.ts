import { useEffect, useRef, useState } from 'react';

/** How long a decision that tells someone at once can be undone before it is sent. */
export const UNDO_MS = 5_000;

/**
 * A decision sent after UNDO_MS unless undone: `start(value)` shows it waiting, `undo()` drops it,
 * `now()` sends it at once. Leaving sends it at once, so a decision is never lost: another screen of
 * the app (the component goes) through `send`, the page itself closing or loading another address
 * (`pagehide`) through `sendAsPageCloses` (a keepalive request; a refusal can only show on the next visit).
 */
export function useUndoable<T>(send: (value: T) => void, sendAsPageCloses: (value: T) => void) {
  const [waiting, setWaiting] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const value = useRef<T | null>(null);
  const senders = useRef({ send, sendAsPageCloses });
  useEffect(() => {
    senders.current = { send, sendAsPageCloses };
  });

  /** The waiting value, taken: no longer waiting, nothing more to send. */
  const take = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const v = value.current;
    value.current = null;
    setWaiting(null);
    return v;
  };
  const now = () => {
    const v = take();
    if (v !== null) senders.current.send(v);
  };
  const start = (v: T) => {
    take();
    value.current = v;
    setWaiting(v);
    timer.current = setTimeout(now, UNDO_MS);
  };
  const undo = () => {
    take();
  };

  const pending = useRef(now);
  useEffect(() => {
    pending.current = now;
  });
  useEffect(
    () => () => {
      if (timer.current) pending.current();
    },
    [],
  );
  useEffect(() => {
    if (waiting === null) return;
    const leave = () => {
      if (!timer.current) return;
      // Back from the browser's cache, the screen no longer offers Undo for what was sent.
      const v = take();
      if (v !== null) senders.current.sendAsPageCloses(v);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
    };
  }, [waiting]);

  return { waiting, start, undo, now };
}

/**
 * Once a decision stops waiting (undone or sent), the focus — on the Undo button that went — is
 * given to `refocus`; never on the first render (a screen does not take the focus when it opens).
 */
export function useFocusAfterWaiting(waiting: unknown, refocus: () => void) {
  const was = useRef(false);
  const target = useRef(refocus);
  useEffect(() => {
    target.current = refocus;
  });
  const now = waiting !== null;
  useEffect(() => {
    if (was.current && !now && document.activeElement === document.body) target.current();
    was.current = now;
  }, [now]);
}
