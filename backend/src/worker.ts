import { startTracing } from './telemetry/tracing.js';

// Tracing first: what it instruments (pg, ioredis) must be imported after it starts.
await startTracing('mashrou-worker');
await import('./worker.process.js');
