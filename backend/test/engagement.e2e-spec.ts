import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { MarketplaceRecords } from '../src/marketplace/index.js';
import { TestEnv, eventually } from './support/env.js';
import { PASSWORD, applicationAt, openProject, signedIn } from './support/factories.js';

type Me = Awaited<ReturnType<typeof signedIn>>;
interface Review {
  id: string;
  author: string;
  overall: number;
  scores: Record<string, number>;
  text: string;
  reported: boolean;
  hidden: boolean;
}
interface Workspace {
  canComplete: boolean;
  ending: { outcome: string; reason: string | null; endedAt: string } | null;
  reviews: { closesAt: string; canWrite: boolean; mine: Review | null; shown: Review[]; skills: string[] } | null;
  certificate: { code: string; rating: number | null; showRating: boolean; withdrawnAt: string | null } | null;
  milestones: { id: string; status: string }[];
}
const code = (res: { json: () => unknown }) => (res.json() as { code: string }).code;

const project = {
  title: 'Card payments study for small shops',
  description: 'Survey 50 shop owners about how they take card payments, and summarise what they need.',
  requirements: [],
  skills: ['Research', 'Excel'],
  responsibilities: [],
  qualifications: [],
  durationWeeks: 4,
  weeklyHours: 8,
  workMode: 'remote',
  paid: false,
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const companyReview = { overall: 5, skills: { Research: 5, Excel: 4 }, text: 'Careful work, always on time.' };
const studentReview = (n: number) => ({
  clearBrief: n,
  communication: n,
  respectOfTime: 5,
  text: 'A clear brief and quick answers.',
});

describe('the end of an engagement: completion or an early end, reviews both ways, reports, and the company rating', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let company: Me;
  let otherCompany: Me;
  let students: Me[];
  let reader: Me;
  let admin: Me;
  let projectId: string;
  let apps: string[];

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
    [company, otherCompany, admin, reader, ...students] = await Promise.all([
      signedIn(api, 'startup'),
      signedIn(api, 'startup'),
      signedIn(api, 'admin'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
    ]);
    projectId = await openProject(company.client, admin.client, project);
    apps = [];
    for (const s of students)
      apps.push(await applicationAt('accepted', { student: s.client, company: company.client, projectId }));
  });
  afterAll(() => env.close());

  const at = (i: number) => `/api/applications/${apps[i] ?? ''}`;
  const read = async (who: Me, i: number) => {
    const res = await who.client.get(`${at(i)}/workspace`);
    expect(res.statusCode).toBe(200);
    return res.json<Workspace>();
  };
  /** One milestone set, handed in and accepted. */
  const oneAccepted = async (i: number) => {
    const student = students[i] as Me;
    const set = await company.client.post(`${at(i)}/milestones`, { title: 'Survey', dueOn: day(7) });
    const id = set.json<Workspace>().milestones[0]?.id ?? '';
    expect((await student.client.post(`${at(i)}/milestones/${id}/deliverables`, { text: 'Done.' })).statusCode).toBe(201);
    expect((await company.client.post(`${at(i)}/milestones/${id}/review`, { outcome: 'accepted' })).statusCode).toBe(200);
  };
  const inbox = async (who: Me, kind: string) =>
    (await who.client.get('/api/notifications'))
      .json<{ items: { kind: string; approved?: boolean; reason?: string; senderName?: string }[] }>()
      .items.filter((i) => i.kind === kind);

  it('the company marks it complete only once every milestone is accepted; then its milestones are final and the student is told', async () => {
    const student = students[0] as Me;
    // Nothing set yet: nothing to complete.
    expect(code(await company.client.post(`${at(0)}/complete`))).toBe('milestones-not-accepted');
    const set = await company.client.post(`${at(0)}/milestones`, { title: 'Survey', dueOn: day(7) });
    expect(set.json<Workspace>().canComplete).toBe(false);
    expect(code(await company.client.post(`${at(0)}/complete`))).toBe('milestones-not-accepted');
    // Only its company: the student may not, another company does not see it.
    expect((await student.client.post(`${at(0)}/complete`)).statusCode).toBe(403);
    expect((await otherCompany.client.post(`${at(0)}/complete`)).statusCode).toBe(404);

    const id = set.json<Workspace>().milestones[0]?.id ?? '';
    await student.client.post(`${at(0)}/milestones/${id}/deliverables`, { text: 'Done.' });
    const accepted = await company.client.post(`${at(0)}/milestones/${id}/review`, { outcome: 'accepted' });
    expect(accepted.json<Workspace>().canComplete).toBe(true);
    // The acceptance recorded its moment (the certificate's first day); as if it were ten days ago:
    const sql = api.get(MikroORM).em.fork().getConnection();
    const [acceptance] = await sql.execute<{ recent: boolean }[]>(
      `select accepted_at > now() - interval '1 hour' as recent from applications where id = ?`,
      [apps[0]],
    );
    expect(acceptance?.recent).toBe(true);
    await sql.execute(`update applications set accepted_at = accepted_at - interval '10 days' where id = ?`, [apps[0]]);
    const done = await company.client.post(`${at(0)}/complete`);
    expect(done.statusCode).toBe(200);
    const ws = done.json<Workspace>();
    expect(ws.ending).toMatchObject({ outcome: 'completed', reason: null });
    expect(ws.canComplete).toBe(false);
    expect(ws.reviews).toMatchObject({ open: true, canWrite: true, mine: null, shown: [], skills: ['Research', 'Excel'] });
    const window = Date.parse(ws.reviews?.closesAt ?? '') - Date.parse(ws.ending?.endedAt ?? '');
    expect(window).toBe(14 * 86_400_000);

    // Final: no new milestone, no second ending.
    expect(code(await company.client.post(`${at(0)}/milestones`, { title: 'More', dueOn: day(7) }))).toBe('engagement-ended');
    expect(code(await company.client.post(`${at(0)}/complete`))).toBe('engagement-ended');
    expect(code(await company.client.post(`${at(0)}/end`, { reason: 'Changed my mind' }))).toBe('engagement-ended');

    await eventually(() => env.smtp.to(student.user.email, /"Card payments study for small shops" is complete/).length === 1);
    await eventually(async () => (await inbox(student, 'engagement-ended')).length === 1);
    expect((await inbox(student, 'engagement-ended'))[0]?.approved).toBe(true);
  });

  it('the company can end it early with a reason the student reads (in the app and by email)', async () => {
    const student = students[1] as Me;
    const empty = await company.client.post(`${at(1)}/end`, { reason: '  ' });
    expect(empty.statusCode).toBe(422);
    expect((await company.client.post(`${at(1)}/end`, { reason: 'x'.repeat(1001) })).statusCode).toBe(422);
    expect((await company.client.post(`${at(1)}/end`, { reason: 'Budget cut', extra: 1 })).statusCode).toBe(422);
    expect((await student.client.post(`${at(1)}/end`, { reason: 'I quit' })).statusCode).toBe(403);
    const ended = await company.client.post(`${at(1)}/end`, { reason: 'Our budget for the study was cut.' });
    expect(ended.statusCode).toBe(200);
    expect((await read(student, 1)).ending).toMatchObject({
      outcome: 'ended-early',
      reason: 'Our budget for the study was cut.',
    });
    await eventually(() => env.smtp.to(student.user.email, /was ended early/).length === 1);
    expect(env.smtp.to(student.user.email, /was ended early/)[0]?.text).toContain('Our budget for the study was cut.');
    await eventually(async () => (await inbox(student, 'engagement-ended')).length === 1);
    expect((await inbox(student, 'engagement-ended'))[0]).toMatchObject({
      approved: false,
      reason: 'Our budget for the study was cut.',
    });
  });

  it('reviews open only after the end, are checked, one per side, and stay hidden from the other side until both are in', async () => {
    const student = students[0] as Me;
    // Not ended yet: no reviews.
    expect(code(await company.client.post(`${at(2)}/reviews`, companyReview))).toBe('engagement-not-ended');

    for (const bad of [
      { ...companyReview, overall: 6 },
      { ...companyReview, overall: 0 },
      { ...companyReview, overall: 4.5 },
      { ...companyReview, skills: { Cooking: 5 } },
      { ...companyReview, text: 'x'.repeat(1001) },
      studentReview(4), // a student's review, from the company
    ]) {
      const res = await company.client.post(`${at(0)}/reviews`, bad);
      expect([400, 422]).toContain(res.statusCode);
    }
    expect([400, 422]).toContain((await student.client.post(`${at(0)}/reviews`, companyReview)).statusCode);
    expect((await admin.client.post(`${at(0)}/reviews`, companyReview)).statusCode).toBe(403);

    const written = await company.client.post(`${at(0)}/reviews`, companyReview);
    expect(written.statusCode).toBe(201);
    expect(written.json<Workspace>().reviews).toMatchObject({
      canWrite: false,
      mine: { author: 'company', overall: 5, scores: { Research: 5, Excel: 4 }, text: companyReview.text },
      shown: [],
    });
    expect(code(await company.client.post(`${at(0)}/reviews`, companyReview))).toBe('already-reviewed');
    // The student cannot read it yet, and is told it waits for theirs.
    expect((await read(student, 0)).reviews).toMatchObject({ canWrite: true, mine: null, shown: [] });
    await eventually(async () => (await inbox(student, 'review-written')).length === 1);
    const { companyName } = (await reader.client.get(`/api/marketplace/projects/${projectId}`)).json<{ companyName: string }>();
    expect((await inbox(student, 'review-written'))[0]).toMatchObject({ approved: false, senderName: companyName });

    const theirs = await student.client.post(`${at(0)}/reviews`, studentReview(4));
    expect(theirs.statusCode).toBe(201);
    const both = theirs.json<Workspace>().reviews;
    expect(both?.mine).toMatchObject({
      author: 'student',
      overall: 4.33,
      scores: { clearBrief: 4, communication: 4, respectOfTime: 5 },
      text: studentReview(4).text,
    });
    expect(both?.shown).toMatchObject([{ author: 'company', text: companyReview.text, reported: false }]);
    expect((await read(company, 0)).reviews?.shown).toMatchObject([{ author: 'student', overall: 4.33 }]);
    await eventually(async () => (await inbox(company, 'review-written')).length === 1);
    expect((await inbox(company, 'review-written'))[0]).toMatchObject({ approved: true, senderName: student.user.fullName });
    // Admins read both.
    expect((await read(admin, 0)).reviews?.shown.map((r) => r.author).sort()).toEqual(['company', 'student']);
  });

  it('after 14 days what is in shows, and nothing more can be written', async () => {
    const student = students[1] as Me;
    expect((await company.client.post(`${at(1)}/reviews`, { overall: 2, text: 'Left before the end.' })).statusCode).toBe(201);
    expect((await read(student, 1)).reviews?.shown).toEqual([]);
    const orm = api.get(MikroORM);
    await orm.em
      .fork()
      .getConnection()
      .execute(`update engagement_endings set ended_at = now() - interval '15 days' where application_id = ?`, [apps[1]]);
    const later = (await read(student, 1)).reviews;
    expect(later).toMatchObject({ open: false, canWrite: false, shown: [{ author: 'company', overall: 2 }] });
    expect(code(await student.client.post(`${at(1)}/reviews`, studentReview(1)))).toBe('review-window-closed');
  });

  it('the side a review is about can report it once; admins see it and can hide it (then it counts nowhere) or show it again', async () => {
    const student = students[0] as Me;
    const ws = await read(student, 0);
    const about = ws.reviews?.shown[0]?.id ?? '';
    const own = ws.reviews?.mine?.id ?? '';
    expect(code(await student.client.post(`${at(0)}/reviews/${own}/report`, { reason: 'Mine' }))).toBe('review-not-found');
    expect((await student.client.post(`${at(0)}/reviews/${about}/report`, { reason: '' })).statusCode).toBe(422);
    expect((await otherCompany.client.post(`${at(0)}/reviews/${about}/report`, { reason: 'Spam' })).statusCode).toBe(404);
    const reported = await student.client.post(`${at(0)}/reviews/${about}/report`, { reason: 'It names my school.' });
    expect(reported.statusCode).toBe(200);
    expect(reported.json<Workspace>().reviews?.shown[0]?.reported).toBe(true);
    expect(code(await student.client.post(`${at(0)}/reviews/${about}/report`, { reason: 'Again' }))).toBe('already-reported');
    // Its author is not told it was reported.
    expect((await read(company, 0)).reviews?.mine?.reported).toBe(false);

    expect((await student.client.get('/api/admin/reviews')).statusCode).toBe(403);
    const list = (await admin.client.get('/api/admin/reviews')).json<{
      items: { id: string; reportReason: string; authorName: string; subjectName: string; hidden: boolean }[];
      total: number;
    }>();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: about,
      reportReason: 'It names my school.',
      authorName: expect.stringMatching(/^Company /),
      subjectName: student.user.fullName,
      hidden: false,
    });
    const overview = (await admin.client.get('/api/admin/overview')).json<{ engagements: Record<string, number> }>();
    expect(overview.engagements).toEqual({ active: 2, late: 0, completed: 1, endedEarly: 1, reportedReviews: 1 });

    const hidden = await admin.client.post(`/api/admin/reviews/${about}`, { action: 'hide' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<{ hidden: boolean }>().hidden).toBe(true);
    expect((await read(student, 0)).reviews?.shown).toEqual([]);
    expect((await read(admin, 0)).reviews?.shown.find((r) => r.id === about)?.hidden).toBe(true);
    const audit = (await admin.client.get('/api/admin/audit')).json<{ items: { action: string; targetType: string }[] }>();
    expect(audit.items[0]).toMatchObject({ action: 'review.hidden', targetType: 'review' });
    expect(
      (await admin.client.get('/api/admin/overview')).json<{ engagements: { reportedReviews: number } }>().engagements
        .reportedReviews,
    ).toBe(0);

    expect((await admin.client.post(`/api/admin/reviews/${about}`, { action: 'show' })).statusCode).toBe(200);
    expect((await read(student, 0)).reviews?.shown.map((r) => r.id)).toEqual([about]);
    expect((await admin.client.post(`/api/admin/reviews/${about}`, { action: 'delete' })).statusCode).toBe(422);
    expect((await admin.client.post(`/api/admin/reviews/${apps[3] ?? ''}`, { action: 'hide' })).statusCode).toBe(404);
  });

  it('a completed engagement gives its student a certificate: a PDF in either language, a public page by code, withdrawable by admins', async () => {
    const student = students[0] as Me;
    const ws = await read(student, 0);
    const cert = ws.certificate;
    expect(cert).toMatchObject({
      studentName: student.user.fullName,
      projectTitle: project.title,
      skills: ['Research', 'Excel'],
      rating: null,
      showRating: false,
      withdrawnAt: null,
    });
    const certCode = cert?.code ?? '';
    expect(certCode).toMatch(/^[a-z2-7]{26}$/);
    // Only its student (and admins): not the company, not an engagement ended early.
    expect((await read(company, 0)).certificate).toBeNull();
    expect((await read(admin, 0)).certificate?.code).toBe(certCode);
    expect((await read(students[1] as Me, 1)).certificate).toBeNull();

    // Its public page, signed in or not.
    const pub = await api.inject({ method: 'GET', url: `/api/certificates/${certCode}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({
      code: certCode,
      studentName: student.user.fullName,
      projectTitle: project.title,
      // From the day the company accepted the student to the day it marked the work complete.
      startedOn: day(-10),
      completedOn: day(0),
      withdrawnAt: null,
    });
    expect(pub.json()).not.toHaveProperty('showRating');
    const unknown = await api.inject({ method: 'GET', url: `/api/certificates/${'a'.repeat(26)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ code: string }>().code).toBe('certificate-not-found');
    expect((await api.inject({ method: 'GET', url: '/api/certificates/not-a-code' })).statusCode).toBe(400);

    // The PDF, in the student's language or the one asked for, as a download.
    for (const lang of ['en', 'ar']) {
      const pdf = await student.client.get(`${at(0)}/certificate/pdf?lang=${lang}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="mashrou-certificate-[a-z2-7]{26}\.pdf"/);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      if (process.env.SHOT_DIR) writeFileSync(join(process.env.SHOT_DIR, `certificate-${lang}.pdf`), pdf.rawPayload);
    }
    expect((await student.client.get(`${at(0)}/certificate/pdf?lang=fr`)).statusCode).toBe(422);
    expect((await company.client.get(`${at(0)}/certificate/pdf`)).statusCode).toBe(403);
    expect((await (students[1] as Me).client.get(`${at(0)}/certificate/pdf`)).statusCode).toBe(404);
    expect(code(await (students[1] as Me).client.get(`${at(1)}/certificate/pdf`))).toBe('certificate-not-found');

    // The company's mark shows when the student chooses (its review shows: both are in).
    const shown = await student.client.put(`${at(0)}/certificate`, { showRating: true });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ showRating: true, rating: 5 });
    expect((await api.inject({ method: 'GET', url: `/api/certificates/${certCode}` })).json()).toMatchObject({ rating: 5 });
    expect((await student.client.put(`${at(0)}/certificate`, { showRating: 'yes' })).statusCode).toBe(422);

    // An admin withdraws it: the page says so, and why.
    expect((await company.client.post(`/api/admin/certificates/${apps[0] ?? ''}/withdraw`, { reason: 'x' })).statusCode).toBe(
      403,
    );
    const withdrawn = await admin.client.post(`/api/admin/certificates/${apps[0] ?? ''}/withdraw`, {
      reason: 'The work was not the student’s own.',
    });
    expect(withdrawn.statusCode).toBe(200);
    const page = (await api.inject({ method: 'GET', url: `/api/certificates/${certCode}` })).json<{
      withdrawnAt: string | null;
      withdrawnReason: string | null;
    }>();
    expect(page.withdrawnAt).not.toBeNull();
    expect(page.withdrawnReason).toBe('The work was not the student’s own.');
    const audit = (await admin.client.get('/api/admin/audit')).json<{ items: { action: string }[] }>();
    expect(audit.items[0]?.action).toBe('certificate.withdrawn');
  });

  it("students see the company's rating on its project pages once three of their reviews show", async () => {
    const rating = async () =>
      (await reader.client.get(`/api/marketplace/projects/${projectId}`)).json<{ companyRating?: Record<string, number> }>()
        .companyRating;
    // One student review shows (engagement 0): not yet.
    expect(await rating()).toBeUndefined();
    for (const i of [2, 3]) {
      await oneAccepted(i);
      expect((await company.client.post(`${at(i)}/complete`)).statusCode).toBe(200);
      expect((await (students[i] as Me).client.post(`${at(i)}/reviews`, studentReview(i === 2 ? 3 : 5))).statusCode).toBe(201);
    }
    // Two more are in, but hidden until the company writes its own: still two that show.
    expect(await rating()).toBeUndefined();
    expect((await company.client.post(`${at(2)}/reviews`, companyReview)).statusCode).toBe(201);
    expect((await company.client.post(`${at(3)}/reviews`, companyReview)).statusCode).toBe(201);
    // 4, 3, 5 on a clear brief; 4, 3, 5 on communication; 5 on time.
    expect(await rating()).toEqual({ average: 4.3, count: 3, clearBrief: 4, communication: 4, respectOfTime: 5 });
    // A review an admin hides counts no more.
    const hide = (await read(admin, 3)).reviews?.shown.find((r) => r.author === 'student')?.id ?? '';
    expect((await admin.client.post(`/api/admin/reviews/${hide}`, { action: 'hide' })).statusCode).toBe(200);
    expect(await rating()).toBeUndefined();
  });

  it('AI Recruitment counts a track record: completed projects and the marks companies gave, with the reason in words', async () => {
    const res = await admin.client.get(`/api/admin/recruitment/projects/${projectId}/candidates?pageSize=50`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      weights: Record<string, number>;
      items: { id: string; parts: Record<string, number>; reasons: Record<string, unknown>[] }[];
    }>();
    expect(body.weights.record).toBe(10);
    const of = (who: Me) => body.items.find((c) => c.id === who.user.id);
    // Completed once, marked 5 by the company (its review shows): half of 1/3 of the points, and all the mark's half.
    const rated = of(students[2] as Me);
    expect(rated?.reasons).toContainEqual({ code: 'record-rated', completed: 1, rating: 5 });
    expect(rated?.parts.record).toBeCloseTo(5 / 3 + 5, 1);
    // Ended early, no completion: no track record.
    expect(of(students[1] as Me)?.parts.record).toBe(0);
    expect(of(reader)?.reasons.some((r) => String(r.code).startsWith('record'))).toBe(false);
  });

  it('a student publishes a portfolio (off by default) at a stable address, showing only what they chose', async () => {
    const student = students[2] as Me;
    const own = await student.client.get('/api/me/portfolio');
    expect(own.statusCode).toBe(200);
    const p = own.json<{ slug: string | null; published: boolean; reviewIds: string[]; reviewsToChoose: { id: string }[] }>();
    // Nothing is stored until the student saves: no address yet.
    expect(p).toMatchObject({ slug: null, published: false, noindex: false, reviewIds: [] });
    // The company's review of their work is theirs to choose.
    expect(p.reviewsToChoose).toHaveLength(1);
    const reviewId = p.reviewsToChoose[0]?.id ?? '';
    // Saved unpublished first: it has its address, and nothing reads there.
    const first = await student.client.put('/api/me/portfolio', {
      published: false,
      noindex: false,
      showAssessment: false,
      reviewIds: [],
    });
    const slug = first.json<{ slug: string }>().slug;
    expect(slug).toMatch(/^[a-z2-7]{12}$/);
    const publicPage = () => api.inject({ method: 'GET', url: `/api/portfolios/${slug}` });
    const hidden = await publicPage();
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ code: string }>().code).toBe('portfolio-not-found');

    expect((await company.client.get('/api/me/portfolio')).statusCode).toBe(403);
    expect((await student.client.put('/api/me/portfolio', { published: true })).statusCode).toBe(422);
    // Someone else's review cannot be shown: it is dropped.
    const saved = await student.client.put('/api/me/portfolio', {
      published: true,
      noindex: true,
      showAssessment: true,
      reviewIds: [reviewId, crypto.randomUUID(), reviewId],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ slug, published: true, noindex: true, reviewIds: [reviewId] });

    const page = await publicPage();
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    const body = page.json<{
      name: string;
      projects: { projectTitle: string; certificateCode: string }[];
      reviews: { id: string }[];
    }>();
    expect(body).toMatchObject({ name: student.user.fullName, noindex: true, reviews: [{ id: reviewId }] });
    expect(body.projects.map((x) => x.projectTitle)).toEqual([project.title]);
    expect(body.projects[0]?.certificateCode).toMatch(/^[a-z2-7]{26}$/);
    // Nothing they did not choose: no email, no other application.
    expect(page.body).not.toContain(student.user.email);

    // Unpublished, it is gone; published again, it is at the same address.
    await student.client.put('/api/me/portfolio', { published: false, noindex: false, showAssessment: false, reviewIds: [] });
    expect((await publicPage()).statusCode).toBe(404);
    await student.client.put('/api/me/portfolio', { published: true, noindex: false, showAssessment: false, reviewIds: [] });
    const again = await publicPage();
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-robots-tag']).toBeUndefined();
    expect(again.json<{ reviews: unknown[]; assessment: unknown }>()).toMatchObject({ reviews: [], assessment: null });
    expect((await api.inject({ method: 'GET', url: '/api/portfolios/NOT-A-SLUG' })).statusCode).toBe(400);
  });

  it('endings and the reviews written are in the data export; erasing a side deletes them', async () => {
    const records = api.get(MarketplaceRecords);
    const mine = await records.exportOf(company.user.id);
    expect(mine.engagementEndings.map((e) => e.outcome).sort()).toEqual(['completed', 'completed', 'completed', 'ended-early']);
    expect(mine.reviewsWritten).toHaveLength(4);
    const theirs = await records.exportOf((students[0] as Me).user.id);
    expect(theirs.reviewsWritten.map((r) => r.author)).toEqual(['student']);
    expect(theirs.certificates.map((c) => c.project_title)).toEqual([project.title]);
    // The reviews about them, exactly those they may read in their workspaces (none hidden by an admin).
    const readable = async (who: Me, author: string, of: number[]) =>
      (await Promise.all(of.map(async (i) => (await read(who, i)).reviews?.shown ?? [])))
        .flat()
        .filter((r) => r.author === author && !r.hidden)
        .map((r) => r.id)
        .sort();
    expect(theirs.reviewsAboutYou).toMatchObject([{ author: 'company', body: companyReview.text }]);
    expect(theirs.reviewsAboutYou.map((r) => r.id)).toEqual(await readable(students[0] as Me, 'company', [0]));
    const aboutCompany = await readable(company, 'student', [0, 1, 2, 3]);
    expect(aboutCompany.length).toBeGreaterThan(0);
    expect(mine.reviewsAboutYou.map((r) => r.id).sort()).toEqual(aboutCompany);

    expect((await (students[0] as Me).client.post('/api/me/delete', { password: PASSWORD })).statusCode).toBe(204);
    const left = await api
      .get(MikroORM)
      .em.fork()
      .getConnection()
      .execute<{ n: string }[]>(
        'select (select count(*) from reviews where application_id = ?) + (select count(*) from engagement_endings where application_id = ?) as n',
        [apps[0], apps[0]],
      );
    expect(Number(left[0]?.n)).toBe(0);
    // Their certificate goes with them.
    const [cert] = await api
      .get(MikroORM)
      .em.fork()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from certificates where application_id = ?', [apps[0]]);
    expect(Number(cert?.n)).toBe(0);
  });
});
