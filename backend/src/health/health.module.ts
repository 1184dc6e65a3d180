import { Module, type DynamicModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { EventRelayModule } from '../events/events.module.js';
import { HealthController } from './health.controller.js';
import { Readiness } from './readiness.js';

/** Liveness and readiness (`@nestjs/terminus`): the api's under /api/health, the worker's on OPS_PORT. */
@Module({})
export class HealthModule {
  static forApi(): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ errorLogStyle: 'json' })],
      controllers: [HealthController],
      providers: [Readiness],
      exports: [Readiness],
    };
  }

  static forWorker(): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), EventRelayModule],
      providers: [Readiness],
      exports: [Readiness],
    };
  }
}
