import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const AssessmentSchema = defineEntity({
  name: 'Assessment',
  tableName: 'assessments',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().unique(),
    version: p.integer(),
    answers: p.json<Record<string, string>>(),
    scores: p.json<Record<string, number>>(),
    overall: p.integer(),
    skills: p.array().$type<string[]>(),
    completedAt: p.datetime(),
  },
});
export type Assessment = InferEntity<typeof AssessmentSchema>;
export const ONBOARDING_ENTITIES = [AssessmentSchema];
