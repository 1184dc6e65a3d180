/**
 * The texts of a catalogue that only a few screens read, by area: whole sections (the admin's Overview,
 * the admin's other screens, Settings, a portfolio, a certificate's check, the unsubscribe and
 * account-deleted pages, an application's workspace opened on demand) or a section's parts (`market.browse`:
 * what only a student's screens read). Each area is loaded as a part of its own named after it
 * (catalogue-parts.ts): every other screen loads the app's texts without them (src/lib/i18n.ts).
 */
export const AREA_TEXTS = {
  adminHome: ['adminHome'],
  admin: ['admin'],
  settings: ['settings'],
  portfolio: ['portfolio'],
  verify: ['verify'],
  unsubscribe: ['unsubscribe'],
  accountDeleted: ['accountDeleted'],
  workspace: ['workspace'],
  // A project's form (Post a Project, and the admin's moderation of a project's texts).
  projectForm: ['market.form'],
  // The Notifications screen (the bell reads only the section's title and unread count).
  inbox: [
    'notifications.show',
    'notifications.all',
    'notifications.unread',
    'notifications.markAll',
    'notifications.new',
    'notifications.empty',
    'notifications.allRead',
    'notifications.someone',
    'notifications.kinds',
    'notifications.anyone',
    'notifications.theCompany',
  ],
  student: ['market.browse', 'market.mine', 'market.saved', 'market.student', 'market.cv', 'dashboard.student', 'assessment'],
} as const satisfies Record<string, readonly string[]>;
export type Area = keyof typeof AREA_TEXTS;
export const AREAS = Object.keys(AREA_TEXTS) as Area[];
