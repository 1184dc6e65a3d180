/**
 * Nest's shutdown hooks let in-flight requests and jobs finish on SIGTERM; this bounds how long
 * that may take, so a stuck dependency cannot keep a process from ever exiting.
 */
export function exitAfter(timeoutMs: number) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        console.error(`shutdown took longer than ${timeoutMs} ms; exiting`);
        process.exit(1);
      }, timeoutMs).unref();
    });
  }
}
