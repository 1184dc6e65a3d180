/**
 * Search as students type it (issue 30): 14 listings, 6 in Arabic and 8 in English, and the queries
 * people really type — other forms of a word, Arabic spelling variants, prefixes, plurals, a word
 * still being typed, mixed languages — each with the listing it must find among the first results;
 * and queries that must find nothing. Then the normalisation itself, rule by rule.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestEnv } from './support/env.js';
import type { ApiClient } from './support/client.js';
import { openProject, signedIn } from './support/factories.js';
import { SearchIndexService } from '../src/marketplace/index.js';

const LISTINGS = {
  food: {
    title: 'تطبيق لطلب الطعام من المطاعم',
    skills: ['React Native'],
    description: 'نبني تطبيقاً للهواتف يتيح طلب الطعام من المطاعم القريبة والدفع الإلكتروني.',
  },
  surveys: {
    title: 'تحليل البيانات لاستبيانات العملاء',
    skills: ['Excel'],
    description: 'تحليل نتائج الاستبيانات وإعداد تقارير وخرائط بيانية لإدارة الشركة.',
  },
  cafe: {
    title: 'تصميم هوية بصرية لمقهى',
    skills: ['Illustrator'],
    description: 'تصميم شعار وقائمة ولافتات لمقهى جديد في عمّان.',
  },
  translation: {
    title: 'ترجمة محتوى الموقع إلى الإنجليزية',
    skills: ['Translation'],
    description: 'ترجمة آلاف الكلمات من صفحات الموقع والمدونة بدقة.',
  },
  social: {
    title: 'إدارة حسابات التواصل الاجتماعي لمتجر إلكتروني',
    skills: ['Marketing'],
    description: 'إعداد خطة محتوى ونشر يومي ومتابعة أداء الحملات الإعلانية.',
  },
  salesAr: {
    title: 'لوحة معلومات لمبيعات ٢٠٢٧',
    skills: ['Power BI'],
    description: 'بناء لوحة معلومات تعرض مبيعات الفروع وتوقعات العام القادم.',
  },
  surveyEn: {
    title: 'Customer survey analysis',
    skills: ['Python', 'Statistics'],
    description: 'Analyze survey responses from 2,000 customers and present the findings.',
  },
  dashboard: {
    title: 'Sales dashboard in Power BI',
    skills: ['Power BI', 'SQL'],
    description: 'Build dashboards that track weekly sales for the finance team.',
  },
  payments: {
    title: 'Mobile payments app prototype',
    skills: ['Flutter'],
    description: 'Prototype a mobile app for paying bills and sending payments between friends.',
  },
  coffee: {
    title: 'Brand designer for a coffee shop',
    skills: ['Figma', 'Branding'],
    description: 'Design a logo, a menu and signage for a new coffee shop.',
  },
  ml: {
    title: 'Machine learning model for demand prediction',
    skills: ['Python', 'Machine Learning'],
    description: 'Train a model predicting weekly demand for a grocery chain.',
  },
  posterArt: {
    title: 'Poster illustration for a music festival',
    skills: ['Procreate'],
    description: 'Draw the poster and the tickets.',
  },
  posterPerson: {
    title: 'Illustrator for a music festival poster',
    skills: ['Procreate'],
    description: 'Draw the poster and the tickets.',
  },
  community: {
    title: 'Website for a developers community',
    skills: ['React', 'Node.js'],
    description: 'Build a website where developers share events and job posts.',
  },
} as const;
type Listing = keyof typeof LISTINGS;

/** What a student types, and the listing it must find among the first three results. */
const FINDS: [string, Listing][] = [
  // Arabic: the article and attached prefixes
  ['طعام', 'food'],
  ['الطعام', 'food'],
  ['بالطعام', 'food'],
  ['تحليل البيانات', 'surveys'],
  ['تحليل بيانات', 'surveys'],
  ['وتصميم', 'cafe'],
  ['بتصميم', 'cafe'],
  ['للتصميم', 'cafe'],
  ['تصميم', 'cafe'],
  ['بالترجمة', 'translation'],
  ['الترجمة', 'translation'],
  // Arabic plurals, broken plurals included
  ['تطبيقات', 'food'],
  ['تطبيق', 'food'],
  ['مطعم', 'food'],
  ['مطاعم', 'food'],
  ['استبيانات', 'surveys'],
  ['استبيان', 'surveys'],
  ['تقرير', 'surveys'],
  ['خريطة', 'surveys'],
  ['مقاهي', 'cafe'],
  ['حساب', 'social'],
  // Arabic spelling variants
  ['ادارة حسابات', 'social'],
  ['إدارة الحسابات', 'social'],
  ['الكتروني', 'social'],
  ['متجر الكتروني', 'social'],
  ['الاف الكلمات', 'translation'],
  ['آلاف', 'translation'],
  ['ترجمه', 'translation'],
  ['ترجمة', 'translation'],
  ['مقهي', 'cafe'],
  ['مقهى', 'cafe'],
  ['تَصْمِيم', 'cafe'],
  ['تـصـميم', 'cafe'],
  ['هويه بصريه', 'cafe'],
  ['٢٠٢٧', 'salesAr'],
  ['2027', 'salesAr'],
  ['لوحة معلومات', 'salesAr'],
  ['مبيعات', 'salesAr'],
  ['التواصل الاجتماعي', 'social'],
  // typing in progress (the last word as a prefix), Arabic
  ['تحليل الاستب', 'surveys'],
  ['ترج', 'translation'],
  // English forms
  ['survey', 'surveyEn'],
  ['surveys', 'surveyEn'],
  ['customer surveys', 'surveyEn'],
  ['analyzing surveys', 'surveyEn'],
  ['dashboard', 'dashboard'],
  ['dashboards', 'dashboard'],
  ['sales dashboard', 'dashboard'],
  ['payments', 'payments'],
  ['payment app', 'payments'],
  ['paying', 'payments'],
  ['developers', 'community'],
  ['developer community', 'community'],
  ['design', 'coffee'],
  ['designer', 'coffee'],
  ['designers for coffee shops', 'coffee'],
  ['prediction', 'ml'],
  ['predicting demand', 'ml'],
  ['machine learning', 'ml'],
  ['Machine Learning models', 'ml'],
  // a misspelled word does not sink the others; a misspelled word alone is corrected
  ['machne learning', 'ml'],
  ['dashbaord', 'dashboard'],
  ['تصمبم', 'cafe'],
  // typing in progress, English
  ['dashb', 'dashboard'],
  ['coffee sh', 'coffee'],
  ['predic', 'ml'],
  // mixed languages
  ['Power BI مبيعات', 'salesAr'],
  ['تطبيق payments', 'payments'],
];

/** Queries with nothing to find. */
const FINDS_NOTHING = ['astronomy', 'telescope repair', 'علم الفلك', 'زراعة القمح', 'zzzz'];

describe('search finds what students type, in Arabic and English', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let student: ApiClient;
  let company: ApiClient;
  let admin: ApiClient;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    company = (await signedIn(api, 'startup')).client;
    admin = (await signedIn(api, 'admin')).client;
    for (const [name, l] of Object.entries(LISTINGS) as [Listing, (typeof LISTINGS)[Listing]][]) {
      const id = await openProject(company, admin, { ...l, skills: [...l.skills] });
      ids.set(id, name);
    }
    student = (await signedIn(api, 'student')).client;
  });
  afterAll(() => env.close());

  const search = async (q: string) => {
    const res = await student.get(`/api/marketplace/projects?q=${encodeURIComponent(q)}&pageSize=12`);
    expect(res.statusCode).toBe(200);
    return res.json<{ items: { id: string }[] }>().items.map((i) => ids.get(i.id));
  };

  it(`finds the listing meant by each of ${String(FINDS.length)} queries among the first results`, async () => {
    expect(FINDS.length).toBeGreaterThanOrEqual(60);
    const missed: string[] = [];
    for (const [q, listing] of FINDS) {
      const found = await search(q);
      if (!found.slice(0, 3).includes(listing))
        missed.push(`${q} → ${listing}: got ${found.slice(0, 3).join(', ') || 'nothing'}`);
    }
    expect(missed).toEqual([]);
  });

  it('finds nothing where there is nothing', async () => {
    for (const q of FINDS_NOTHING) expect([q, await search(q)]).toEqual([q, []]);
  });

  it('orders by relevance: the listing with more of the words, and in its title, comes first', async () => {
    expect((await search('sales dashboard power bi'))[0]).toBe('dashboard');
    expect((await search('تحليل استبيانات العملاء'))[0]).toBe('surveys');
    // The words as typed before other forms of them.
    expect((await search('illustrator festival')).slice(0, 2)).toEqual(['posterPerson', 'posterArt']);
    expect((await search('illustration festival')).slice(0, 2)).toEqual(['posterArt', 'posterPerson']);
    // The other orders stay available.
    const newest = await student.get(`/api/marketplace/projects?q=${encodeURIComponent('تصميم')}&sort=newest`);
    expect(newest.statusCode).toBe(200);
  });

  it('with a skill filter, finds only listings with that very skill, in either order', async () => {
    const withSkill = async (q: string, skill: string, sort = '') => {
      const res = await student.get(
        `/api/marketplace/projects?q=${encodeURIComponent(q)}&skill=${encodeURIComponent(skill)}${sort ? `&sort=${sort}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json<{ items: { id: string }[]; total: number }>();
      expect(body.total).toBe(body.items.length);
      return body.items.map((i) => ids.get(i.id)).sort();
    };
    expect(await withSkill('sales', 'Power BI')).toEqual(['dashboard']);
    expect(await withSkill('sales', 'SQL', 'newest')).toEqual(['dashboard']);
    expect(await withSkill('لوحة معلومات', 'Power BI')).toEqual(['salesAr']);
    expect(await withSkill('survey', 'Python')).toEqual(['surveyEn']);
    expect(await withSkill('sales', 'Excel')).toEqual([]);
    // The skill's words are in listings with "Power BI", but no listing has the skill "Power" itself.
    expect(await withSkill('sales', 'Power')).toEqual([]);
    // A skill that is only a stop word still filters exactly.
    expect(await withSkill('sales', 'IT')).toEqual([]);
  });

  it('corrects a misspelled word when the search finds almost nothing, and says so', async () => {
    const corrected = async (q: string) => {
      const res = await student.get(`/api/marketplace/projects?q=${encodeURIComponent(q)}`);
      const body = res.json<{ items: { id: string }[]; correctedQuery?: string }>();
      return { first: ids.get(body.items[0]?.id ?? ''), correctedQuery: body.correctedQuery };
    };
    expect(await corrected('dashbaord')).toEqual({ first: 'dashboard', correctedQuery: 'dashboard' });
    expect(await corrected('machne learning')).toEqual({ first: 'ml', correctedQuery: 'machine learning' });
    expect(await corrected('تصمبم')).toEqual({ first: 'cafe', correctedQuery: 'تصميم' });
    expect(await corrected('paymnets')).toEqual({ first: 'payments', correctedQuery: 'payments' });
    // A search that finds enough is left alone; nothing close is nothing.
    expect((await corrected('dashboard')).correctedQuery).toBeUndefined();
    expect(await corrected('astronomy')).toEqual({ first: undefined, correctedQuery: undefined });
  });

  it('marks the matched words in the title and an excerpt, in either language', async () => {
    const marked = async (q: string) => {
      const res = await student.get(`/api/marketplace/projects?q=${encodeURIComponent(q)}`);
      return res.json<{ items: { highlight?: { title: string; excerpt: string } }[] }>().items[0]?.highlight;
    };
    expect(await marked('للتصميم')).toEqual({
      title: '\uE000تصميم\uE001 هوية بصرية لمقهى',
      excerpt: expect.stringContaining('\uE000تصميم\uE001') as unknown,
    });
    expect((await marked('surveys'))?.title).toBe('Customer \uE000survey\uE001 analysis');
    expect((await marked('dashb'))?.title).toBe('Sales \uE000dashboard\uE001 in Power BI');
    // Without a search, no marks.
    const plain = await student.get('/api/marketplace/projects');
    expect(plain.json<{ items: { highlight?: unknown }[] }>().items.every((i) => i.highlight === undefined)).toBe(true);
  });

  it('finds a word still being typed in a listing written after the search began, or corrected since', async () => {
    // The last word's prefix is read from the lexemes of every listing (migration 0035), kept as
    // listings are written: a new listing's words and an admin's correction count at once.
    expect(await search('zanzib')).toEqual([]);
    const id = await openProject(company, admin, {
      title: 'Tour guide booking site',
      skills: ['WordPress'],
      description: 'A booking site for walking tours.',
    });
    ids.set(id, 'tours');
    expect(await search('walking tou')).toContain('tours');
    const res = await admin.patch(`/api/admin/projects/${id}`, {
      description: 'A booking site for walking tours of Zanzibar.',
      reason: 'Named the city.',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(await search('zanzib')).toEqual(['tours']);
  });

  it('a prefix is the known words it starts when they are few, else the index reads every word it starts; not under 3 letters', async () => {
    const prefix = async (w: string) => {
      const [row] = await api
        .get(MikroORM)
        .em.fork()
        .execute<{ q: string | null; n: number }[]>(
          `select array_to_string(search_prefix(?), ' | ') as q,
                  (select count(*)::int from search_lexemes where starts_with(lexeme, ?)) as n`,
          [w, w],
        );
      return row;
    };
    expect(await prefix('dashb')).toEqual({ q: "'dashboard' | 'dashboards'", n: 2 });
    expect(await prefix('qqq')).toEqual({ q: null, n: 0 });
    // One or two letters start nearly every word: matched as typed only.
    expect((await prefix('ا'))?.n).toBeGreaterThan(32);
    expect((await prefix('ا'))?.q).toBeNull();
    expect((await prefix('da'))?.q).toBeNull();
    // More than 32 words start with it: the index's own prefix match, which finds the same listings.
    const words = Array.from(
      { length: 33 },
      (_, i) => `zqx${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`,
    );
    const id = await openProject(company, admin, {
      title: 'Word list for a spelling game',
      skills: ['Writing'],
      description: `A spelling game that needs these made-up words: ${words.join(' ')}.`,
    });
    ids.set(id, 'words');
    expect(await prefix('zqx')).toEqual({ q: "'zqx':*", n: 33 });
    expect(await search('spelling zqx')).toEqual(['words']);
  });

  it('forgets the words listings no longer have (the daily prune): a misspelling is then corrected to a word that finds a listing', async () => {
    const corrected = async (q: string) => {
      const res = await student.get(`/api/marketplace/projects?q=${encodeURIComponent(q)}`);
      const body = res.json<{ items: { id: string }[]; correctedQuery?: string }>();
      return { first: ids.get(body.items[0]?.id ?? ''), correctedQuery: body.correctedQuery };
    };
    const known = async () =>
      (
        await api
          .get(MikroORM)
          .em.fork()
          .execute<{ words: number; lexemes: number }[]>(
            `select (select count(*)::int from search_words where word = 'kiosque') as words,
                    (select count(*)::int from search_lexemes where lexeme = 'kiosqu') as lexemes`,
          )
      )[0];
    const id = await openProject(company, admin, {
      title: 'Signage for a kiosque',
      skills: ['Signage'],
      description: 'Signs for a kiosque at the market.',
    });
    ids.set(id, 'kiosk');
    const res = await admin.patch(`/api/admin/projects/${id}`, {
      title: 'Signage for a kiosk',
      description: 'Signs for a kiosk at the market.',
      reason: 'Spelling.',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    // The word edited out is still known, and closest to the misspelling: the correction finds nothing.
    expect(await known()).toEqual({ words: 1, lexemes: 1 });
    expect(await corrected('kiosqe')).toEqual({ first: undefined, correctedQuery: undefined });

    // (The worker's own schedule may run the prune too: it is safe to run twice.)
    const worker = await env.worker();
    await worker.get(SearchIndexService, { strict: false }).prune();
    expect(await known()).toEqual({ words: 0, lexemes: 0 });
    expect(await corrected('kiosqe')).toEqual({ first: 'kiosk', correctedQuery: 'kiosk' });
    // Every listing still finds what it found, as typed, corrected and as a prefix.
    expect(await search('kiosk')).toEqual(['kiosk']);
    expect(await corrected('dashbaord')).toEqual({ first: 'dashboard', correctedQuery: 'dashboard' });
    expect(await search('zanzib')).toEqual(['tours']);
    expect(await search('spelling zqx')).toEqual(['words']);
    expect(await worker.get(SearchIndexService, { strict: false }).prune()).toEqual({ words: 0, lexemes: 0 });
  });

  it("names each of a word's forms once (the text index reads a lexeme named twice much more slowly)", async () => {
    const terms = async (q: string) => {
      const [row] = await api
        .get(MikroORM)
        .em.fork()
        .execute<{ t: string[] }[]>('select array(select unnest(search_terms(?))::text) as t', [q]);
      return row?.t ?? [];
    };
    // The same lexeme in Arabic's, English's and the light stemmer, and the only word it starts.
    expect(await terms('research')).toEqual(["'research'"]);
    // The last word's forms and the words it starts, each once.
    expect(await terms('tours dashb')).toEqual(["'tour' | 'tours'", "'dashb' | 'dashboard' | 'dashboards'"]);
    for (const q of ['تصميم التطبيقات', 'data analysis', 'developers dashboards', 'مطاعم']) {
      for (const term of await terms(q)) {
        const lexemes = [...term.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]);
        expect({ q, lexemes: [...new Set(lexemes)] }).toEqual({ q, lexemes });
      }
    }
  });

  it("the admin's searches fold the same way: «محمد» finds «مُحَمَّد», «ادارة» finds «إدارة»", async () => {
    const admin = (await signedIn(api, 'admin')).client;
    const { user } = await signedIn(api, 'student', { fullName: 'مُحَمَّد العَلي' });
    const users = await admin.get(`/api/admin/users?q=${encodeURIComponent('محمد')}`);
    expect(users.json<{ items: { id: string }[] }>().items.map((u) => u.id)).toContain(user.id);
    const picker = await admin.get(`/api/admin/recruitment/students?q=${encodeURIComponent('محمد العلي')}`);
    expect(picker.json<{ id: string }[]>().map((u) => u.id)).toEqual([user.id]);
    const projects = await admin.get(`/api/admin/projects?q=${encodeURIComponent('ادارة حسابات')}`);
    expect(projects.json<{ items: { title: string }[] }>().items.map((p) => p.title)).toEqual([LISTINGS.social.title]);
  });

  describe('the normalisation (search_fold), the same on listings and queries', () => {
    const fold = async (text: string) => {
      const orm = api.get(MikroORM);
      const [row] = await orm.em.fork().execute<{ f: string }[]>('select search_fold(?) as f', [text]);
      return row?.f;
    };
    it.each([
      ['alef forms become ا', 'أإآٱ', 'اااا'],
      ['ى becomes ي', 'مقهى', 'مقهي'],
      ['ة becomes ه', 'ترجمة', 'ترجمه'],
      ['tashkeel goes', 'تَصْمِيمٌ', 'تصميم'],
      ['tatweel goes', 'تـصـمـيم', 'تصميم'],
      ['Arabic-Indic digits become 0-9', '٠١٢٣٤٥٦٧٨٩', '0123456789'],
      ['Persian digits become 0-9', '۰۱۲۳۴۵۶۷۸۹', '0123456789'],
      ['letters become lower case', 'Power BI', 'power bi'],
    ])('%s', async (_rule, text, folded) => {
      expect(await fold(text)).toBe(folded);
      // Idempotent: folding again changes nothing.
      expect(await fold(folded)).toBe(folded);
    });
  });
});
