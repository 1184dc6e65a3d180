/**
 * The sections of a catalogue that only a few signed-in screens read (the admin's screens, Settings),
 * each loaded as a part of its own named after it (catalogue-parts.ts): every other screen loads the
 * app's texts without them (src/lib/i18n.ts).
 */
export const AREAS = ['admin', 'settings'] as const;
export type Area = (typeof AREAS)[number];
