import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { api, ASSESSMENT_CATEGORIES, graduationYears, localeFromAcceptLanguage, type ValidBodyOf } from '@mashrou/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser } from '../common/auth.js';
import { publicUser, type User } from '../identity/index.js';
import { AssessmentService } from './assessment.service.js';
import type { Assessment } from './onboarding.entities.js';
import { ProfilesService } from './profiles.service.js';
import { ASSESSMENT_VERSION, publicQuestions, suggestedSkillOptions } from './question-bank.js';

/** The language the caller reads (the web app sends the one it shows). */
const readerLocale = (req: FastifyRequest) => localeFromAcceptLanguage(req.headers['accept-language']);

const c = api.onboarding;
const resultView = (r: Assessment) => ({
  scores: r.scores,
  overall: r.overall,
  skills: r.skills,
  completedAt: r.completedAt.toISOString(),
});

@Controller()
export class OnboardingController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly profiles: ProfilesService,
    private readonly assessments: AssessmentService,
  ) {}

  @Endpoint(c.options)
  options(@Req() req: FastifyRequest) {
    return {
      graduationYears: graduationYears(),
      bookingUrl: this.config.BOOKING_URL,
      suggestedSkills: suggestedSkillOptions(readerLocale(req)),
    };
  }

  @Endpoint(c.saveStudentInfo)
  async student(@CurrentUser() user: User, @In.body() body: ValidBodyOf<typeof c.saveStudentInfo>) {
    return { user: publicUser(await this.profiles.saveStudentInfo(user.id, body)) };
  }

  @Endpoint(c.completeCompany)
  async company(@CurrentUser() user: User) {
    return { user: publicUser(await this.profiles.completeCompany(user.id)) };
  }

  @Endpoint(c.assessment)
  async assessment(@CurrentUser() user: User, @Req() req: FastifyRequest) {
    const result = await this.assessments.get(user.id);
    return {
      version: ASSESSMENT_VERSION,
      categories: [...ASSESSMENT_CATEGORIES],
      questions: publicQuestions(readerLocale(req)),
      suggestedSkills: suggestedSkillOptions(readerLocale(req)),
      result: result ? resultView(result) : null,
    };
  }

  @Endpoint(c.submitAssessment)
  async submit(@CurrentUser() user: User, @In.body() body: ValidBodyOf<typeof c.submitAssessment>) {
    return { result: resultView(await this.assessments.submit(user.id, body)) };
  }
}
