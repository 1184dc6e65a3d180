import type { ReactNode } from 'react';

/**
 * The `ref` of LiveOnceHydrated's fieldset, around a page's (or a part's) controls when it can show
 * before its code runs (prerendered, or rendered by the api): until then its form controls are disabled, so a quick visitor cannot submit a form natively (a GET with what they typed
 * in the URL) or type into it unseen. The DOM lifts the attribute once React has the page (its commit),
 * not a second render of the whole page (a long task on a phone); React never sets it again, as its
 * prop does not change. Module-level, so React calls it once per fieldset. React attaches it after
 * the fieldset's children are in place, so a control inside cannot take the focus as it mounts
 * (`autoFocus`, a layout effect): focus it from an effect instead.
 */
function liveOnceHydrated(fieldset: HTMLFieldSetElement | null) {
  fieldset?.removeAttribute('disabled');
}

/** Its children's controls, disabled until React has them; a fieldset with no box nor role of its own. */
export function LiveOnceHydrated({ children }: { children: ReactNode }) {
  return (
    <fieldset ref={liveOnceHydrated} disabled role="presentation" style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}
