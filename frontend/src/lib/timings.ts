/** The spec's timings (spec §9), in one place. */
export const SIGN_IN_DELAY_MS = 500;
export const DASHBOARD_RENDER_DELAY_MS = 100;
export const SIGN_UP_REDIRECT_DELAY_MS = 2000;
