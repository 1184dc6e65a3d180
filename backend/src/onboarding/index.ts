/** The onboarding module's public surface. */
export { OnboardingModule } from './onboarding.module.js';
export { AssessmentService, type AssessmentSummary } from './assessment.service.js';
export { ProfilesService } from './profiles.service.js';
/** For the ORM's registration only (entities.ts). */
export { ONBOARDING_ENTITIES } from './onboarding.entities.js';
