/**
 * The sign-up type step's pictures, drawn inline (an emoji needs an emoji font, which some
 * desktops and older phones lack: they showed empty boxes). Decorative: the button's text names it.
 */
const frame = {
  width: 26,
  height: 26,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/** A graduation cap: the student. */
export function StudentIcon() {
  return (
    <svg {...frame}>
      <path d="M2 9.5 12 4.5l10 5-10 5z" />
      <path d="M6 11.5v4.3c0 1.6 2.7 3 6 3s6-1.4 6-3v-4.3" />
      <path d="M22 9.5v5.5" />
    </svg>
  );
}

/** An office building: the company. */
export function CompanyIcon() {
  return (
    <svg {...frame}>
      <path d="M4.5 21V4a1 1 0 0 1 1-1h8a1 1 0 0 1 1 1v17" />
      <path d="M14.5 9h4a1 1 0 0 1 1 1v11" />
      <path d="M2.5 21h19" />
      <path d="M8 7h3M8 11h3M8 15h3" />
    </svg>
  );
}
