import { Controller, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { ValidBody, ZodBody } from '../common/zod.js';
import { CurrentUser, Public, Roles } from '../identity/auth.decorators.js';
import type { User } from '../identity/identity.entities.js';
import { publicUser } from '../identity/identity.service.js';
import { AssessmentBody, StudentInfoBody, graduationYears } from './onboarding.schemas.js';
import { OnboardingService } from './onboarding.service.js';
import { ASSESSMENT_VERSION, CATEGORIES, SUGGESTED_SKILLS, publicQuestions } from './question-bank.js';

@ApiTags('onboarding')
@Controller('onboarding')
export class OnboardingController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly onboarding: OnboardingService,
  ) {}

  @Public()
  @Get('options')
  @ApiOperation({ summary: 'What the onboarding forms offer: graduation years, the booking link, suggested skills' })
  options() {
    return { graduationYears: graduationYears(), bookingUrl: this.config.BOOKING_URL, suggestedSkills: SUGGESTED_SKILLS };
  }

  @Roles('student')
  @Put('student')
  @ApiOperation({ summary: 'Save the student info form; completes onboarding' })
  @ZodBody(StudentInfoBody)
  async student(@CurrentUser() user: User, @ValidBody(StudentInfoBody) body: z.output<typeof StudentInfoBody>) {
    return { user: publicUser(await this.onboarding.saveStudentInfo(user.id, body)) };
  }

  @Roles('startup')
  @Post('company/complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Finish the company step (after booking a call); completes onboarding' })
  async company(@CurrentUser() user: User) {
    return { user: publicUser(await this.onboarding.completeCompany(user.id)) };
  }

  @Roles('student')
  @Get('assessment')
  @ApiOperation({ summary: 'The assessment questions and, if taken, your result' })
  async assessment(@CurrentUser() user: User) {
    const result = await this.onboarding.getAssessment(user.id);
    return {
      version: ASSESSMENT_VERSION,
      categories: CATEGORIES,
      questions: publicQuestions(),
      suggestedSkills: SUGGESTED_SKILLS,
      result: result
        ? { scores: result.scores, overall: result.overall, skills: result.skills, completedAt: result.completedAt.toISOString() }
        : null,
    };
  }

  @Roles('student')
  @Post('assessment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Submit answers and skills; scored on the server' })
  @ZodBody(AssessmentBody)
  async submit(@CurrentUser() user: User, @ValidBody(AssessmentBody) body: z.output<typeof AssessmentBody>) {
    const r = await this.onboarding.submitAssessment(user.id, body);
    return { result: { scores: r.scores, overall: r.overall, skills: r.skills, completedAt: r.completedAt.toISOString() } };
  }
}
