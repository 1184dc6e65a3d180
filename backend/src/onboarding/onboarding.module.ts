import { Module, type DynamicModule } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { IdentityModule } from '../identity/index.js';
import { DeliveryModule } from '../mail/index.js';
import { StorageModule } from '../storage/index.js';
import { AssessmentService } from './assessment.service.js';
import { SendOnboardingCompleteHandler } from './onboarding-complete.handler.js';
import { OnboardingController } from './onboarding.controller.js';
import { ProfilesController } from './profiles.controller.js';
import { ProfilesService } from './profiles.service.js';

/**
 * The student info form, the company's call step, the assessment (table `assessments`), and the
 * profiles editable afterwards (tables `student_profiles`, `company_profiles`).
 */
@Module({})
export class OnboardingModule {
  private static api?: DynamicModule;

  /** One instance per process, however many modules import it. */
  static forApi(): DynamicModule {
    return (OnboardingModule.api ??= {
      module: OnboardingModule,
      imports: [IdentityModule.forApi(), StorageModule, EventsModule],
      controllers: [OnboardingController, ProfilesController],
      providers: [AssessmentService, ProfilesService],
      exports: [AssessmentService, ProfilesService],
    });
  }

  private static worker?: DynamicModule;

  /** The onboarding-complete mail; the profiles and assessments a data export reads. */
  static forWorker(): DynamicModule {
    return (OnboardingModule.worker ??= {
      module: OnboardingModule,
      imports: [IdentityModule.forWorker(), DeliveryModule, StorageModule, EventsModule],
      providers: [SendOnboardingCompleteHandler, AssessmentService, ProfilesService],
      exports: [AssessmentService, ProfilesService],
    });
  }
}
