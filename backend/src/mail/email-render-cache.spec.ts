import { describe, expect, it } from '@jest/globals';
import {
  clearRenderCache,
  previewProps,
  renderCacheStats,
  renderEmail,
  renderEmailFresh,
  type TemplateName,
  type TemplateProps,
} from '@mashrou/emails';

/** The cached render (emails/src/render-cache.ts) must give the very bytes of a fresh React render. */
const NAMES = Object.keys(previewProps) as TemplateName[];
const STRUCTURAL = new Set(['status', 'userType', 'locale', 'kind', 'cause', 'side']);
/** Templates with an array prop: always rendered by React (the cache fills strings, not lists). */
const WITH_LISTS = ['CandidateInvited', 'WaitingDigest', 'ApplicantsSummary', 'SearchDigest'];

async function expectSameAsFresh<N extends TemplateName>(name: N, props: TemplateProps[N]) {
  const cached = await renderEmail(name, props);
  const fresh = await renderEmailFresh(name, props);
  expect({ name, props, ...cached }).toEqual({ name, props, ...fresh });
  return cached;
}

/** The sample props in Arabic. */
const inArabic = <P extends object>(props: P) => ({ ...props, locale: 'ar' as const });
const ARABIC = /[\u0600-\u06ff]/;

/** The sample props with every free-text string replaced. */
function withStrings<N extends TemplateName>(name: N, value: (key: string, was: string) => string): TemplateProps[N] {
  return Object.fromEntries(
    Object.entries(previewProps[name]).map(([k, v]) => [k, typeof v === 'string' && !STRUCTURAL.has(k) ? value(k, v) : v]),
  ) as TemplateProps[N];
}

describe('email render cache', () => {
  it('reuses a shape for every template with plain values, and gives the bytes of a fresh render', async () => {
    clearRenderCache();
    for (const name of NAMES) {
      await expectSameAsFresh(name, previewProps[name]); // first: rendered, compiled, checked
      // same shape (a value with spaces for one with spaces): filled
      await expectSameAsFresh(
        name,
        withStrings(name, (k, was) => (was.includes(' ') ? `Other ${k} value` : `other-${k}`)),
      );
    }
    const stats = renderCacheStats();
    expect(stats.rejected).toBe(0);
    // every template but those with a list is filled from its shape
    expect(stats.hits).toBeGreaterThanOrEqual(NAMES.length - WITH_LISTS.length);
  });

  it('escapes hostile names as React does: HTML escaped, plain text verbatim', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      'Tom & Jerry',
      `O'Hara "the" <b>bold</b>`,
      'a&amp;b &lt;c&gt;',
      '\uE000v0\uE001 forged token',
      'Zoë — 💥 ß',
      '"><img src=x onerror=alert(1)>',
    ];
    for (const h of hostile) {
      for (const name of NAMES) {
        const r = await expectSameAsFresh(
          name,
          withStrings(name, () => h),
        );
        expect(r.html).not.toContain('<script>');
        expect(r.html).not.toContain('<img src=x');
      }
    }
    const r = await renderEmail('ApplicationStatus', { ...previewProps.ApplicationStatus, fullName: '<script>x</script> & co' });
    expect(r.html).toContain('&lt;script&gt;x&lt;/script&gt; &amp; co');
    expect(r.text).toContain('Hi <script>x</script> & co,');
  });

  it('keeps what templates branch on apart: statuses, user types, optional props, headings', async () => {
    for (const status of ['under_review', 'shortlisted', 'accepted', 'rejected', 'withdrawn']) {
      await expectSameAsFresh('ApplicationStatus', { ...previewProps.ApplicationStatus, status });
    }
    const accepted = await renderEmail('ApplicationStatus', { ...previewProps.ApplicationStatus, status: 'accepted' });
    expect(accepted.text).toContain('was accepted.');
    for (const notes of [undefined, '', 'A note']) {
      const r = await expectSameAsFresh('ApplicationStatus', { ...previewProps.ApplicationStatus, notes });
      expect(r.text.includes('Note from the company')).toBe(Boolean(notes));
    }
    for (const userType of ['student', 'startup'] as const) {
      await expectSameAsFresh('Welcome', { ...previewProps.Welcome, userType });
      await expectSameAsFresh('OnboardingComplete', { ...previewProps.OnboardingComplete, userType });
      await expectSameAsFresh('AdminSignup', { ...previewProps.AdminSignup, userType });
    }
    for (const approved of [true, false])
      await expectSameAsFresh('ProjectReviewed', { ...previewProps.ProjectReviewed, approved });
    // a heading upper-cases the name in the plain text
    const welcome = await expectSameAsFresh('Welcome', { ...previewProps.Welcome, fullName: 'zoë straße' });
    expect(welcome.text).toContain('WELCOME, ZOË STRASSE!');
  });

  it('renders values the fill could get wrong with React: odd whitespace, control characters, links', async () => {
    const odd = [
      ' leading',
      'trailing ',
      'two  spaces',
      'tab\there',
      'line\nbreak',
      'nul\0byte',
      '\ud800 lone',
      'javascript:alert(1)',
      '#top',
      'mailto:a@b.c',
      '',
    ];
    const before = renderCacheStats().fresh;
    for (const v of odd) {
      await expectSameAsFresh('PasswordReset', { ...previewProps.PasswordReset, fullName: v, resetUrl: v });
      await expectSameAsFresh('ApplicationStatus', { ...previewProps.ApplicationStatus, fullName: v, notes: v });
    }
    expect(renderCacheStats().fresh).toBeGreaterThan(before);
  });

  it('matches a fresh render for random values (fuzz)', async () => {
    const alphabet = [
      'a',
      'Z',
      ' ',
      '<',
      '>',
      '&',
      '"',
      "'",
      ';',
      '#',
      '=',
      '/',
      ':',
      'é',
      'ß',
      'ﬁ',
      'ı',
      '—',
      '💥',
      'ع',
      '\u00a0',
      'amp',
      'lt;',
    ];
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const word = () => Array.from({ length: 1 + rand(12) }, () => alphabet[rand(alphabet.length)]).join('');
    for (let i = 0; i < 150; i++) {
      const name = NAMES[i % NAMES.length] ?? 'TestEmail';
      await expectSameAsFresh(name, withStrings(name, word));
    }
  });

  it('reuses a shape for every template in Arabic too, keyed apart from English, with the bytes of a fresh render', async () => {
    clearRenderCache();
    for (const name of NAMES) {
      const english = await expectSameAsFresh(name, previewProps[name]);
      const arabic = await expectSameAsFresh(name, inArabic(previewProps[name]));
      await expectSameAsFresh(
        name,
        inArabic(withStrings(name, (k, was) => (was.includes(' ') ? `قيمة أخرى ${k}` : `أخرى-${k}`))),
      );
      // the language is part of the shape: the English shape is not reused for Arabic, nor the other way round
      expect(arabic.subject).toMatch(ARABIC);
      expect(arabic.html).toContain('<html dir="rtl" lang="ar">');
      expect(arabic.text).toMatch(ARABIC);
      expect(english.html).toContain('<html dir="ltr" lang="en">');
      expect((await renderEmail(name, previewProps[name])).html).toBe(english.html);
      expect((await renderEmail(name, { ...previewProps[name], locale: 'en' })).html).toBe(english.html);
    }
    const stats = renderCacheStats();
    expect(stats.rejected).toBe(0);
    // per template (but those with a list): the Arabic variant and the English repeat are filled; an explicit
    // locale 'en' is a shape of its own (same bytes, checked above)
    expect(stats.hits).toBeGreaterThanOrEqual(2 * (NAMES.length - WITH_LISTS.length));
  });

  it('escapes hostile names in Arabic emails as React does', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      'ليلى & "عمر" <b>',
      `O'Hara «اقتباس»`,
      '\uE000v0\uE001 رمز مزوّر',
      '"><img src=x onerror=alert(1)>',
    ];
    for (const h of hostile) {
      for (const name of NAMES) {
        const r = await expectSameAsFresh(name, inArabic(withStrings(name, () => h)));
        expect(r.html).not.toContain('<script>');
        expect(r.html).not.toContain('<img src=x');
      }
    }
    const r = await renderEmail(
      'ApplicationStatus',
      inArabic({ ...previewProps.ApplicationStatus, fullName: '<script>x</script> & co' }),
    );
    expect(r.html).toContain('&lt;script&gt;x&lt;/script&gt; &amp; co');
    expect(r.text).toContain('مرحبًا <script>x</script> & co،');
  });

  it('words what Arabic emails branch on: statuses, user types, approval, minutes', async () => {
    const sentences: Record<string, string> = {
      under_review: 'قيد المراجعة',
      shortlisted: 'ضمن القائمة المختصرة',
      accepted: 'تم قبول طلبك',
      rejected: 'لم يتم اختيارك',
      withdrawn: 'تم تحديث طلبك',
      toString: 'تم تحديث طلبك',
    };
    for (const [status, words] of Object.entries(sentences)) {
      const r = await expectSameAsFresh('ApplicationStatus', inArabic({ ...previewProps.ApplicationStatus, status }));
      expect(r.subject).toContain(words);
      expect(r.text).toContain(words);
    }
    for (const userType of ['student', 'startup'] as const) {
      await expectSameAsFresh('Welcome', inArabic({ ...previewProps.Welcome, userType }));
      await expectSameAsFresh('OnboardingComplete', inArabic({ ...previewProps.OnboardingComplete, userType }));
      const admin = await expectSameAsFresh('AdminSignup', inArabic({ ...previewProps.AdminSignup, userType }));
      expect(admin.subject).toContain(userType === 'startup' ? '(شركة)' : '(طالب)');
    }
    for (const approved of [true, false]) {
      const r = await expectSameAsFresh('ProjectReviewed', inArabic({ ...previewProps.ProjectReviewed, approved }));
      expect(r.subject).toContain(approved ? 'متاح الآن' : 'يحتاج إلى تعديلات');
    }
    for (const [minutes, words] of [
      [1, 'خلال دقيقة واحدة'],
      [2, 'خلال دقيقتين'],
      [10, 'خلال 10 دقائق'],
      [15, 'خلال 15 دقيقة'],
      [60, 'خلال 60 دقيقة'],
      [120, 'خلال 120 دقيقة'],
    ] as const) {
      const code = await expectSameAsFresh('VerificationCode', inArabic({ ...previewProps.VerificationCode, minutes }));
      expect(code.text).toContain(words);
      const reset = await expectSameAsFresh('PasswordReset', inArabic({ ...previewProps.PasswordReset, minutes }));
      expect(reset.text).toContain(words);
    }
  });

  it('matches a fresh render for random values in Arabic (fuzz)', async () => {
    const alphabet = [
      'ع',
      'ل',
      'ى',
      'ً',
      '،',
      '«',
      '»',
      ' ',
      '<',
      '&',
      '"',
      "'",
      '#',
      ':',
      'a',
      '5',
      '٥',
      '\u200f',
      '\u00a0',
      'amp',
    ];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const word = () => Array.from({ length: 1 + rand(12) }, () => alphabet[rand(alphabet.length)]).join('');
    for (let i = 0; i < 100; i++) {
      const name = NAMES[i % NAMES.length] ?? 'TestEmail';
      await expectSameAsFresh(name, inArabic(withStrings(name, word)));
    }
  });
  it('a daily search digest names 10 projects and counts the rest, its subject counting all, in both languages', async () => {
    const projects = Array.from({ length: 13 }, (_, i) => ({
      title: `Project number ${String(i + 1)}`,
      companyName: 'Souk Labs',
      url: `http://localhost:5173/dashboard/browse-projects?project=${String(i + 1)}`,
    }));
    const en = await renderEmail('SearchDigest', { ...previewProps.SearchDigest, projects });
    expect(en.subject).toBe('13 new projects match your saved searches');
    expect(en.text).toContain('Project number 10 — Souk Labs');
    expect(en.text).not.toContain('Project number 11');
    expect(en.text).toContain('and 3 more on Mashrou');
    const ar = await renderEmail('SearchDigest', inArabic({ ...previewProps.SearchDigest, projects }));
    expect(ar.subject).toBe('13 مشروعًا جديدًا يطابق عمليات البحث المحفوظة');
    expect(ar.text).toContain('ومشاريع أخرى (3) على «مشروع»');
    const few = await renderEmail('SearchDigest', inArabic({ ...previewProps.SearchDigest, projects: projects.slice(0, 4) }));
    expect(few.subject).toBe('4 مشاريع جديدة تطابق عمليات البحث المحفوظة');
    expect(few.text).not.toContain('مشاريع أخرى');
  });

  it('names "a student" in the reader\'s language when the applicant\'s account is gone', async () => {
    const { studentName: _gone, ...rest } = previewProps.ApplicationSubmitted;
    for (const [locale, words] of [
      ['en', 'A student applied to'],
      ['ar', 'طلب جديد من أحد الطلاب'],
    ] as const) {
      const mail = await expectSameAsFresh('ApplicationSubmitted', { ...rest, locale });
      expect(mail.text).toContain(words);
      expect(mail.html).toContain(words);
      expect(mail.text).not.toContain('undefined');
    }
  });
});
