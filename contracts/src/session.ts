/**
 * Set by the api beside the (httpOnly) session cookie and cleared with it; it holds no secret. It tells
 * the web app that this browser may be signed in, so a signed-out visitor's public pages need not ask
 * the api (nor load its client and schemas) to find out. Plain values only: no zod here.
 */
export const SIGNED_IN_COOKIE = 'mashrou_signed_in';
