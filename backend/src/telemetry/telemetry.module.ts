import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { stopTracing } from './tracing.js';

/** Exports the spans still buffered when the process stops (after its requests and jobs have ended). */
@Injectable()
class TracingShutdown implements OnApplicationShutdown {
  async onApplicationShutdown() {
    await stopTracing();
  }
}

@Module({ providers: [TracingShutdown] })
export class TelemetryModule {}
