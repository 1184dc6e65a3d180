/** The query key of the signed-in user (its own module: the app's entry needs it without the api client). */
export const meKey = ['auth', 'me'] as const;

/** How long the signed-in user, once asked, is taken as current. */
export const ME_STALE_MS = 60_000;
