/** Window-level errors are logged, never shown (spec §8). */
export function logWindowErrors(target: Window = window) {
  target.addEventListener('error', (e) => {
    console.error('[window error]', e.error ?? e.message);
  });
  target.addEventListener('unhandledrejection', (e) => {
    console.error('[unhandled rejection]', e.reason);
  });
}
