import cluster, { type Worker } from 'node:cluster';

/**
 * Runs `processes` copies of this entry point sharing its listening port (node:cluster), or just
 * `main` when one is asked for. The primary only supervises: a copy that dies after it started is
 * replaced (at most 5 times a minute); one that fails to start stops them all with its exit code
 * (a bad configuration does not become a restart loop). SIGTERM/SIGINT reach every copy, each of
 * which answers its requests in flight before it exits.
 */
export function runClustered(processes: number, main: () => Promise<void>) {
  if (processes <= 1 || !cluster.isPrimary) {
    main().catch((err: unknown) => {
      console.error('api failed to start:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
    return;
  }
  const started = new WeakSet<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => started.add(worker));
  };
  for (let i = 0; i < processes; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!started.has(worker)) {
      console.error(`api process ${worker.process.pid} failed to start (exit ${code}); stopping`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
      process.exitCode = code || 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code || 1);
      return;
    }
    const now = Date.now();
    while (restarts.length && (restarts[0] ?? 0) < now - 60_000) restarts.shift();
    if (restarts.length >= 5) {
      console.error('api processes keep dying (5 restarts in a minute); stopping');
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
      process.exitCode = 1;
      return;
    }
    restarts.push(now);
    console.error(`api process ${worker.process.pid} died (${signal ? signal : `exit ${code}`}); starting another`);
    fork();
  });
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill(sig);
    });
  }
}
