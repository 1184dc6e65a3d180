import { describe, expect, it } from '@jest/globals';
import { QUESTIONS_AR } from './question-bank.ar.js';
import {
  QUESTIONS,
  SUGGESTED_SKILLS,
  SUGGESTED_SKILL_LABELS,
  publicQuestions,
  scoreAnswers,
  suggestedSkillOptions,
} from './question-bank.js';

const ARABIC = /[\u0600-\u06ff]/;
/** Options that are rightly the same in every language: numbers and spreadsheet formulas. */
const LANGUAGE_FREE = /^(\d+|[A-Z]+\(.*\))$/;
/** Skills that are names of tools or languages, written as they are. */
const NAMES = new Set(['JavaScript', 'TypeScript', 'Python', 'React', 'Node.js', 'SQL', 'Excel', 'Figma']);

describe('question bank in Arabic', () => {
  it('has every question and option in Arabic, and nothing else', () => {
    const problems: string[] = [];
    for (const q of QUESTIONS) {
      const ar = QUESTIONS_AR[q.id];
      if (!ar) {
        problems.push(`${q.id}: no Arabic`);
        continue;
      }
      if (!ARABIC.test(ar.prompt)) problems.push(`${q.id}: prompt not in Arabic`);
      for (const o of q.options) {
        const label = ar.options[o.id];
        if (label === undefined) problems.push(`${q.id}.${o.id}: no Arabic`);
        else if (LANGUAGE_FREE.test(o.label) ? label !== o.label : !ARABIC.test(label))
          problems.push(`${q.id}.${o.id}: "${label}" is not the Arabic of "${o.label}"`);
      }
      const extra = Object.keys(ar.options).filter((id) => !q.options.some((o) => o.id === id));
      if (extra.length) problems.push(`${q.id}: options ${extra.join(', ')} do not exist`);
    }
    const unknown = Object.keys(QUESTIONS_AR).filter((id) => !QUESTIONS.some((q) => q.id === id));
    if (unknown.length) problems.push(`questions ${unknown.join(', ')} do not exist`);
    expect(problems).toEqual([]);
  });

  it('has every suggested skill in Arabic, keeping the English value as the stored one', () => {
    for (const { value, label } of SUGGESTED_SKILL_LABELS) {
      expect(label.en).toBe(value);
      if (NAMES.has(value)) expect(label.ar).toBe(value);
      else expect(label.ar).toMatch(ARABIC);
    }
    expect(suggestedSkillOptions().map((o) => o.value)).toEqual(SUGGESTED_SKILLS);
    expect(suggestedSkillOptions('ar').map((o) => o.value)).toEqual(SUGGESTED_SKILLS);
    expect(suggestedSkillOptions().map((o) => o.label)).toEqual(SUGGESTED_SKILLS);
    expect(suggestedSkillOptions('ar').find((o) => o.value === 'Market research')?.label).toBe('أبحاث السوق');
  });

  it('serves the same questions in either language: English unchanged, Arabic with the same ids and categories', () => {
    const en = publicQuestions();
    expect(publicQuestions('en')).toEqual(en);
    expect(en).toEqual(QUESTIONS.map(({ id, category, prompt, options }) => ({ id, category, prompt, options })));
    for (const q of en) expect(q).not.toHaveProperty('points');
    const ar = publicQuestions('ar');
    const shape = (qs: typeof en) => qs.map((q) => ({ id: q.id, category: q.category, options: q.options.map((o) => o.id) }));
    expect(shape(ar)).toEqual(shape(en));
    for (const q of ar) {
      expect(q).not.toHaveProperty('points');
      expect(q.prompt).toMatch(ARABIC);
    }
    expect(ar.find((q) => q.id === 'ps2')?.options.map((o) => o.label)).toEqual(['40', '42', '44', '36']);
  });

  it('scores answers the same whatever the language they were shown in', () => {
    const best = Object.fromEntries(publicQuestions('ar').map((q) => [q.id, q.id === 'te3' ? 'a' : 'b']));
    expect(scoreAnswers(best).overall).toBe(100);
  });
});
