import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from './en.json';
import ar from './ar.json';

/**
 * The English and Arabic catalogues say the same things: the same keys (a plural family counts as
 * one key: `_one`/`_other` in English, all six Arabic forms in Arabic), the same placeholders and
 * markup, and every Arabic text is written in Arabic.
 */
const EN_FORMS = ['one', 'other'];
const AR_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
/** Arabic values that are rightly not in Arabic letters (brand names of other products). */
const NOT_ARABIC_OK = new Set(['Google', 'LinkedIn', 'WhatsApp']);

type Catalogue = Record<string, unknown>;
interface Family {
  /** The texts by plural form, or under '' for a key without plural forms. */
  forms: Map<string, string>;
}

function flatten(value: unknown, path: string, out: Map<string, string>) {
  if (typeof value === 'string') out.set(path, value);
  else if (Array.isArray(value)) {
    value.forEach((v: unknown, i) => {
      flatten(v, `${path}.${String(i)}`, out);
    });
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  else throw new Error(`${path}: not a text (${typeof value})`);
}

function families(catalogue: Catalogue): Map<string, Family> {
  const flat = new Map<string, string>();
  flatten(catalogue, '', flat);
  const out = new Map<string, Family>();
  for (const [key, text] of flat) {
    const m = PLURAL.exec(key);
    const base = m?.[1] ?? key;
    const form = m?.[2] ?? '';
    const f = out.get(base) ?? { forms: new Map<string, string>() };
    f.forms.set(form, text);
    out.set(base, f);
  }
  return out;
}

const placeholders = (s: string) => new Set([...s.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((m) => m[1] ?? ''));
const tags = (s: string) => [...s.matchAll(/<\/?[a-zA-Z][^>]*>/g)].map((m) => m[0]).sort();
const union = (texts: Iterable<string>) => new Set([...texts].flatMap((t) => [...placeholders(t)]));
const sorted = (s: Set<string>) => [...s].sort();

const enFamilies = families(en);
const arFamilies = families(ar);

describe('translation catalogues', () => {
  it('have the same keys', () => {
    expect(sorted(new Set(arFamilies.keys()))).toEqual(sorted(new Set(enFamilies.keys())));
  });

  it('give plural keys all their forms: one and other in English, all six in Arabic', () => {
    const problems: string[] = [];
    for (const [base, f] of enFamilies) {
      const enForms = [...f.forms.keys()];
      const a = arFamilies.get(base);
      if (!a) continue; // reported by the key test
      const arForms = [...a.forms.keys()];
      if (enForms.length === 1 && enForms[0] === '') {
        if (!(arForms.length === 1 && arForms[0] === '')) problems.push(`${base}: plural in Arabic, not in English`);
        continue;
      }
      if (sorted(new Set(enForms)).join() !== sorted(new Set(EN_FORMS)).join())
        problems.push(`${base}: English forms ${enForms.join(', ')} (want ${EN_FORMS.join(', ')})`);
      if (sorted(new Set(arForms)).join() !== sorted(new Set(AR_FORMS)).join())
        problems.push(`${base}: Arabic forms ${arForms.join(', ')} (want ${AR_FORMS.join(', ')})`);
    }
    expect(problems).toEqual([]);
  });

  it('use the same placeholders and markup in both languages', () => {
    const problems: string[] = [];
    for (const [base, f] of enFamilies) {
      const a = arFamilies.get(base);
      if (!a) continue; // reported by the key test
      const enAll = union(f.forms.values());
      const arAll = union(a.forms.values());
      if (sorted(enAll).join() !== sorted(arAll).join())
        problems.push(`${base}: placeholders ${sorted(enAll).join(', ')} in English, ${sorted(arAll).join(', ')} in Arabic`);
      // A plural form may leave the number out ("مشروعان"), but not bring a placeholder of its own,
      // and the general form keeps every placeholder of the English one.
      for (const [form, text] of a.forms)
        for (const p of placeholders(text))
          if (!enAll.has(p)) problems.push(`${form ? `${base}_${form}` : base}: unknown placeholder ${p}`);
      const enOther = f.forms.get('other') ?? f.forms.get('');
      const arOther = a.forms.get('other') ?? a.forms.get('');
      if (enOther !== undefined && arOther !== undefined) {
        if (sorted(placeholders(enOther)).join() !== sorted(placeholders(arOther)).join())
          problems.push(`${base}: the general form's placeholders differ`);
        if (tags(enOther).join() !== tags(arOther).join()) problems.push(`${base}: markup differs`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('have every Arabic text written in Arabic', () => {
    const problems: string[] = [];
    for (const [base, f] of arFamilies)
      for (const [form, text] of f.forms) {
        const key = form ? `${base}_${form}` : base;
        if (text.trim() === '') problems.push(`${key}: empty`);
        else if (!/[\u0600-\u06ff]/.test(text) && !NOT_ARABIC_OK.has(text))
          problems.push(`${key}: no Arabic letter in "${text}"`);
      }
    expect(problems).toEqual([]);
  });

  it('pick the right plural form in each language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { en: { translation: en }, ar: { translation: ar } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    });
    const enT = i18n.getFixedT('en');
    const arT = i18n.getFixedT('ar');
    expect(enT('market.view.applicants', { count: 1 })).toBe('1 applicant');
    expect(enT('market.view.applicants', { count: 0 })).toBe('0 applicants');
    expect(enT('market.view.applicants', { count: 7 })).toBe('7 applicants');
    expect(enT('adminHome.pending', { count: 3 })).toBe('3 pending');
    expect([0, 1, 2, 3, 11, 100].map((count) => arT('market.browse.results', { count }))).toEqual([
      'لا مشاريع',
      'مشروع واحد',
      'مشروعان',
      '3 مشاريع',
      '11 مشروعًا',
      '100 مشروع',
    ]);
    expect(arT('admin.audit.details.count', { value: '12', count: 12 })).toBe('12 إشعارًا');
  });
});
