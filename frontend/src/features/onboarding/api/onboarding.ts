/** Legacy: one file per endpoint now (this goes once the homes, browse and create-project use them). */
export { useAssessment } from './get-assessment';
export { useOnboardingOptions } from './get-options';
