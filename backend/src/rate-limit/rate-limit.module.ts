import { Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service.js';

/** Budgets in Redis (sign-in, sign-up, codes, mail per address): import it where a limit is enforced. */
@Module({ providers: [RateLimitService], exports: [RateLimitService] })
export class RateLimitModule {}
