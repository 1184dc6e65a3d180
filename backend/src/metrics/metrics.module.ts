import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Metrics } from './metrics.js';
import { QueueMetrics } from './queue-metrics.js';

/** Metrics for every module (global); a worker also exports what waits in the queues and the outbox. */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(role: 'api' | 'worker'): DynamicModule {
    return {
      module: MetricsModule,
      providers: [Metrics, ...(role === 'worker' ? [QueueMetrics] : [])],
      exports: [Metrics],
    };
  }
}
