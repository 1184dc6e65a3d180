/**
 * Keyboard users get what the pointer gets: the page's speculation rules (the api's
 * `Speculation-Rules` header) fetch a dashboard screen while the pointer rests on its link or presses
 * it, and this fetches it when keyboard focus reaches the link — a rule for that one address, added as
 * a `<script type="speculationrules">` (the CSP's `'inline-speculation-rules'` allows exactly these).
 * Browsers without speculation rules are left alone. Returns the way to stop.
 */
export function prefetchOnFocus(): () => void {
  if (typeof HTMLScriptElement.supports !== 'function' || !HTMLScriptElement.supports('speculationrules')) {
    return () => undefined;
  }
  const asked = new Set<string>();
  const onFocus = (event: FocusEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = new URL(link.href);
    const address = `${url.pathname}${url.search}`;
    if (url.origin !== location.origin || !/^\/dashboard(\/|$)/.test(url.pathname)) return;
    if (asked.has(address) || address === `${location.pathname}${location.search}`) return;
    asked.add(address);
    const rules = document.createElement('script');
    rules.type = 'speculationrules';
    rules.textContent = JSON.stringify({ prefetch: [{ source: 'list', urls: [address] }] });
    document.head.append(rules);
  };
  document.addEventListener('focusin', onFocus);
  return () => {
    document.removeEventListener('focusin', onFocus);
  };
}
