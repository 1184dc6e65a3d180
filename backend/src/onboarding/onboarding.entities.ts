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

/** What a student's profile holds beyond the student info form (bio, the CV kept on it). */
export const StudentProfileSchema = defineEntity({
  name: 'StudentProfile',
  tableName: 'student_profiles',
  properties: {
    userId: p.uuid().primary(),
    bio: p.text().nullable(),
    cvFileId: p.uuid().nullable(),
    updatedAt: p.datetime(),
  },
});

/** A company's profile, shown to students on its project pages. */
export const CompanyProfileSchema = defineEntity({
  name: 'CompanyProfile',
  tableName: 'company_profiles',
  properties: {
    userId: p.uuid().primary(),
    about: p.text().nullable(),
    website: p.string().nullable(),
    location: p.string().nullable(),
    size: p.string().nullable(),
    updatedAt: p.datetime(),
  },
});

export const ONBOARDING_ENTITIES = [AssessmentSchema, StudentProfileSchema, CompanyProfileSchema];
