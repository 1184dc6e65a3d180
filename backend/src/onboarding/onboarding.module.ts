import { Module, type DynamicModule } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { IdentityModule } from '../identity/index.js';
import { DeliveryModule } from '../notifications/index.js';
import { AssessmentService } from './assessment.service.js';
import { SendOnboardingCompleteHandler } from './onboarding-complete.handler.js';
import { OnboardingController } from './onboarding.controller.js';
import { OnboardingService } from './onboarding.service.js';

/** The student info form, the company's call step, and the assessment (table `assessments`). */
@Module({})
export class OnboardingModule {
  private static api?: DynamicModule;

  /** One instance per process, however many modules import it. */
  static forApi(): DynamicModule {
    return (OnboardingModule.api ??= {
      module: OnboardingModule,
      imports: [IdentityModule.forApi(), EventsModule],
      controllers: [OnboardingController],
      providers: [OnboardingService, AssessmentService],
      exports: [AssessmentService],
    });
  }

  /** The onboarding-complete mail. */
  static forWorker(): DynamicModule {
    return {
      module: OnboardingModule,
      imports: [IdentityModule.forWorker(), DeliveryModule],
      providers: [SendOnboardingCompleteHandler],
    };
  }
}
