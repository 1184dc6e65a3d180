/**
 * On SIGTERM or SIGINT, runs `stop`, which lets in-flight requests or jobs finish (the api closes
 * itself in order, a worker through Nest's shutdown hooks); this bounds how long that may take, so a
 * stuck dependency cannot keep a process from ever exiting.
 */
export function exitAfter(timeoutMs: number, stop: () => void) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        console.error(`shutdown took longer than ${timeoutMs} ms; exiting`);
        process.exit(1);
      }, timeoutMs).unref();
      stop();
    });
  }
}
