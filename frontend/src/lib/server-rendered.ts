/**
 * Whether the signed-in screen on show came rendered from the api, with its user and first data: the
 * api already waited the spec's dashboard delay (§9) after loading the user, so the dashboard layout
 * shows the screen at once, as it was rendered, instead of waiting again. True while rendering on the
 * server; in the browser once src/main.tsx hydrates such a page.
 */
let fromServer = typeof document === 'undefined';

export const renderedOnServer = () => fromServer;

export function markRenderedOnServer() {
  fromServer = true;
}
