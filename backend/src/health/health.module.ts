import { Module, type DynamicModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { EventRelayModule } from '../events/events.module.js';
import { HealthController } from './health.controller.js';
import { Readiness } from './readiness.js';

/** Liveness and readiness (`@nestjs/terminus`): the api's under /api/health, the worker's on OPS_PORT (with its relay's state). */
@Module({})
export class HealthModule {
  static forRoot(role: 'api' | 'worker'): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), ...(role === 'worker' ? [EventRelayModule] : [])],
      controllers: role === 'api' ? [HealthController] : [],
      providers: [Readiness],
      exports: [Readiness],
    };
  }
}
