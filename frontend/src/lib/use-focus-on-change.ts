import { useEffect, useRef } from 'react';

/**
 * Moves keyboard focus to the returned element (a heading with `tabIndex={-1}`) when `key` changes
 * to a value: a new step or view replaced the control that had focus, and the reader should hear
 * where they are. `onMount` also moves it when the element first gets a key (a view opened from a
 * list); otherwise the first key is left alone (a page just loaded keeps the browser's focus).
 */
export function useFocusOnChange<T extends HTMLElement = HTMLHeadingElement>(key: string | null | undefined, onMount = false) {
  const ref = useRef<T>(null);
  const seen = useRef<string | null | undefined>(onMount ? undefined : key);
  useEffect(() => {
    if (!key || key === seen.current) return;
    seen.current = key;
    ref.current?.focus();
  }, [key]);
  return ref;
}
