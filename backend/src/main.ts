import { startTracing } from './telemetry/tracing.js';

// Tracing first: what it instruments (pg, ioredis, node:http) must be imported after it starts.
await startTracing('mashrou-api');
await import('./api.process.js');
