/**
 * The sections of a catalogue that only a few screens read (the admin's Overview, the admin's other
 * screens, Settings, a portfolio, a certificate's check, the unsubscribe and account-deleted pages),
 * each loaded as a part of its own named after it (catalogue-parts.ts): every other screen loads the
 * app's texts without them (src/lib/i18n.ts).
 */
export const AREAS = ['adminHome', 'admin', 'settings', 'portfolio', 'verify', 'unsubscribe', 'accountDeleted'] as const;
export type Area = (typeof AREAS)[number];
