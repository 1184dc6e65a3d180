import { z } from 'zod';

/**
 * The assessment as far as it was answered, kept for this tab (sessionStorage) so a reload goes on
 * where the student was; for one account and one version of the questions.
 */
export type AssessmentDraft = { index: number; answers: Record<string, string>; skills: string[] };

const KEY = 'mashrou.assessment-draft';

const Stored = z.object({
  user: z.string(),
  version: z.number(),
  index: z.number().int().min(0),
  answers: z.record(z.string(), z.string()),
  skills: z.array(z.string()),
});

export function readDraft(user: string, version: number): AssessmentDraft | null {
  try {
    const d = Stored.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    if (!d.success || d.data.user !== user || d.data.version !== version) return null;
    return { index: d.data.index, answers: d.data.answers, skills: d.data.skills };
  } catch {
    return null;
  }
}

export function saveDraft(user: string, version: number, draft: AssessmentDraft) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ user, version, ...draft } satisfies z.input<typeof Stored>));
  } catch {
    // Storage full or refused (private mode): the answers stay on the page only.
  }
}
