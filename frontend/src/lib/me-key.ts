/** The query key of the signed-in user (its own module: the app's entry needs it without the api client). */
export const meKey = ['auth', 'me'] as const;
