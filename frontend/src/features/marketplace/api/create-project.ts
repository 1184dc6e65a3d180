import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type BodyOf, CreateProjectBody, WorkMode } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The project form as typed (lists one per line, optional texts and dates left empty, a stipend only
 * when paid), turned into the api's body and checked by its rules (lengths, a location unless
 * remote, the deadline on or before the start).
 */
export const ProjectFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    skills: z.array(z.string()),
    requirements: z.string(),
    responsibilities: z.string(),
    qualifications: z.string(),
    durationWeeks: z.number(),
    weeklyHours: z.number(),
    workMode: WorkMode,
    location: z.string(),
    startDate: z.string(),
    deadline: z.string(),
    paid: z.boolean(),
    stipend: z.number().optional(),
  })
  .transform((v): z.input<typeof CreateProjectBody> => ({
    title: v.title.trim(),
    description: v.description.trim(),
    skills: v.skills,
    requirements: lines(v.requirements),
    responsibilities: lines(v.responsibilities),
    qualifications: lines(v.qualifications),
    durationWeeks: v.durationWeeks,
    weeklyHours: v.weeklyHours,
    workMode: v.workMode,
    location: v.location.trim() || undefined,
    startDate: v.startDate || undefined,
    deadline: v.deadline || undefined,
    paid: v.paid,
    stipend: v.paid && v.stipend ? v.stipend : undefined,
  }))
  .pipe(CreateProjectBody);

export const createProject = (body: BodyOf<typeof marketplace.createProject>) => call(marketplace.createProject, { body });

/** Submits a project for review; the company's projects are read again. */
export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
