import { z } from 'zod';
import { APPLICATION_STATUSES, WORK_MODES } from './marketplace.entities.js';

const line = z.string().trim().min(1).max(300);
const list = z.array(line).max(30);
const skillList = z.array(z.string().trim().min(1).max(40)).max(20).transform((s) => [...new Set(s)]);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use-yyyy-mm-dd').refine((d) => !Number.isNaN(Date.parse(d)), 'invalid-date');

const projectFields = {
  title: z.string().trim().min(3, 'too-short').max(120, 'too-long'),
  description: z.string().trim().min(20, 'too-short').max(5000, 'too-long'),
  requirements: list,
  skills: skillList,
  responsibilities: list,
  qualifications: list,
  durationWeeks: z.number().int().min(1).max(104),
  weeklyHours: z.number().int().min(1).max(60),
  workMode: z.enum(WORK_MODES),
  location: z.string().trim().max(120).optional(),
  startDate: date.optional(),
  deadline: date.optional(),
  paid: z.boolean(),
  stipend: z.number().int().min(0).max(1_000_000).optional(),
};

const refine = (v: { workMode?: string; location?: string; paid?: boolean; stipend?: number; startDate?: string; deadline?: string }, ctx: z.RefinementCtx) => {
  if (v.workMode && v.workMode !== 'remote' && !v.location) ctx.addIssue({ code: 'custom', path: ['location'], message: 'required-for-onsite-or-hybrid' });
  if (v.paid === false && v.stipend) ctx.addIssue({ code: 'custom', path: ['stipend'], message: 'unpaid-projects-have-no-stipend' });
  if (v.startDate && v.deadline && v.deadline > v.startDate) ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'deadline-after-start' });
};

/** Lists default to empty on create (spec §3); an update changes only the fields it names. */
export const CreateProjectBody = z
  .strictObject({
    ...projectFields,
    requirements: list.default([]),
    skills: skillList.default([]),
    responsibilities: list.default([]),
    qualifications: list.default([]),
  })
  .superRefine(refine);
export const UpdateProjectBody = z.strictObject(projectFields).partial().superRefine(refine);

export const ReviewBody = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(1000).optional(),
}).superRefine((v, ctx) => {
  if (v.decision === 'reject' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required-to-reject' });
});

export const ApplyBody = z.strictObject({
  motivation: z.string().trim().min(20, 'too-short').max(3000, 'too-long'),
  /** One of the student's own uploaded files (a PDF CV), shared with the company on apply. */
  cvFileId: z.uuid().optional(),
});

export const StatusBody = z.strictObject({
  status: z.enum(APPLICATION_STATUSES.filter((s) => s !== 'withdrawn' && s !== 'submitted') as ['under_review', 'shortlisted', 'accepted', 'rejected']),
  notes: z.string().trim().max(2000).optional(),
});

export const BrowseQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  skill: z.string().trim().max(40).optional(),
  mode: z.enum(WORK_MODES).optional(),
  paid: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  maxWeeks: z.coerce.number().int().min(1).max(104).optional(),
  sort: z.enum(['newest', 'deadline', 'match']).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const PageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.string().max(20).optional(),
});
