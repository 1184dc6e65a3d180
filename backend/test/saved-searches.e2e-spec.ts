import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { DeadlinesService, MarketplaceRecords } from '../src/marketplace/index.js';
import { TestEnv, eventually } from './support/env.js';
import { openProject, signedIn, submitProject, approveProject } from './support/factories.js';

type Me = Awaited<ReturnType<typeof signedIn>>;
interface Search {
  id: string;
  q: string | null;
  instant: boolean;
  daily: boolean;
}

const project = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'Build a dashboard of stock levels for our three shops, fed from our sales database.',
  requirements: [],
  skills: ['SQL', 'React'],
  responsibilities: [],
  qualifications: [],
  durationWeeks: 6,
  weeklyHours: 10,
  workMode: 'remote',
  paid: false,
  ...extra,
});

describe('saved searches: alerts for new projects (in the app at once, a daily email), sent once, never for a project applied to', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let worker: Awaited<ReturnType<TestEnv['worker']>>;
  let company: Me;
  let admin: Me;
  let instant: Me;
  let daily: Me;
  let nothing: Me;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    worker = await env.worker();
    [company, admin, instant, daily, nothing] = await Promise.all([
      signedIn(api, 'startup'),
      signedIn(api, 'admin'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
      signedIn(api, 'student'),
    ]);
  });
  afterAll(() => env.close());

  const stackRows = (text: string) => api.get(MikroORM).em.fork().getConnection().execute<{ n: number }[]>(text);
  const inbox = async (who: Me) =>
    (await who.client.get('/api/notifications'))
      .json<{ items: { kind: string; projectId?: string; projectTitle?: string }[] }>()
      .items.filter((i) => i.kind === 'search-match');

  it('a student saves searches (checked; at most 10); only they see, change and delete them', async () => {
    expect((await instant.client.post('/api/me/saved-searches', { instant: true, daily: false })).statusCode).toBe(422);
    expect(
      (await instant.client.post('/api/me/saved-searches', { q: 'x'.repeat(201), instant: true, daily: false })).statusCode,
    ).toBe(422);
    expect(
      (await company.client.post('/api/me/saved-searches', { q: 'dashboard', instant: true, daily: false })).statusCode,
    ).toBe(403);
    // Arabic and another form of the word: Browse's own rules.
    const saved = await instant.client.post('/api/me/saved-searches', { q: 'لوحات dashboards', instant: true, daily: false });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<Search>()).toMatchObject({ q: 'لوحات dashboards', instant: true, daily: false });
    expect(
      (await daily.client.post('/api/me/saved-searches', { skill: 'SQL', mode: 'remote', instant: false, daily: true }))
        .statusCode,
    ).toBe(201);
    expect((await nothing.client.post('/api/me/saved-searches', { q: 'cooking', instant: true, daily: true })).statusCode).toBe(
      201,
    );

    // At most 10.
    for (let i = 0; i < 9; i++) {
      await nothing.client.post('/api/me/saved-searches', { q: `extra ${String(i)}`, instant: false, daily: false });
    }
    const eleventh = await nothing.client.post('/api/me/saved-searches', { q: 'one more', instant: true, daily: false });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json<{ code: string }>().code).toBe('too-many-saved-searches');

    // Theirs alone.
    const id = saved.json<Search>().id;
    expect((await daily.client.put(`/api/me/saved-searches/${id}`, { instant: false, daily: false })).statusCode).toBe(404);
    expect((await daily.client.delete(`/api/me/saved-searches/${id}`)).statusCode).toBe(404);
    const changed = await instant.client.put(`/api/me/saved-searches/${id}`, { instant: true, daily: true });
    expect(changed.json<Search>()).toMatchObject({ instant: true, daily: true });
    expect((await instant.client.get('/api/me/saved-searches')).json<{ items: Search[] }>().items).toHaveLength(1);
  });

  it('an approved project that matches reaches each student once: in the app if asked, in the daily email if asked', async () => {
    // Pending, it alerts nobody; approved, it does.
    const id = await submitProject(company.client, project('Inventory dashboard for our shops'));
    await approveProject(admin.client, id);
    await eventually(async () => (await inbox(instant)).length === 1);
    expect((await inbox(instant))[0]).toMatchObject({ projectId: id, projectTitle: 'Inventory dashboard for our shops' });
    // Asked for email only: nothing in the app.
    expect(await inbox(daily)).toEqual([]);
    expect(await inbox(nothing)).toEqual([]);

    // However often the approval is handled, and by however many workers at once: once.
    const records = worker.get(MarketplaceRecords, { strict: false });
    await Promise.all([records.alertSavedSearches(id), records.alertSavedSearches(id)]);
    const [recorded] = await stackRows(`select count(*)::int as n from search_alerts where project_id = '${id}'`);
    expect(recorded?.n).toBe(2);
    expect(await inbox(instant)).toHaveLength(1);

    // A project that matches nobody alerts nobody.
    await openProject(
      company.client,
      admin.client,
      project('Cafe menu translation', {
        skills: ['Arabic'],
        workMode: 'hybrid',
        location: 'Beirut',
        description: 'Translate the menu of our cafe from English to Arabic, with the names of each drink explained.',
      }),
    );

    // The student who asked for both applies: the day's email leaves that project out (and, with nothing left, is not sent).
    expect(
      (
        await instant.client.post(`/api/marketplace/projects/${id}/apply`, {
          motivation: 'I built dashboards for two shops last year.',
        })
      ).statusCode,
    ).toBe(201);
    const deadlines = worker.get(DeadlinesService, { strict: false });
    expect(await deadlines.queueSearchDigests()).toBe(2);
    // Claimed: a second run the same day finds nothing left to send.
    expect(await deadlines.queueSearchDigests()).toBe(0);
    await eventually(() => env.smtp.to(daily.user.email, /new project matches your saved searches/).length === 1);
    const [mail] = env.smtp.to(daily.user.email, /saved searches/);
    expect(mail?.text).toContain('Inventory dashboard for our shops');
    expect(mail?.text).not.toContain('Cafe menu translation');
    await new Promise((r) => setTimeout(r, 500));
    expect(env.smtp.to(instant.user.email, /saved searches/)).toHaveLength(0);
  });

  it('the home page suggests open projects matching the saved searches, not those applied to', async () => {
    const suggest = async (who: Me) =>
      (await who.client.get('/api/marketplace/suggestions')).json<{ items: { title: string }[] }>().items.map((p) => p.title);
    expect(await suggest(daily)).toEqual(['Inventory dashboard for our shops']);
    expect(await suggest(instant)).toEqual([]);
    expect(await suggest(nothing)).toEqual([]);
    expect((await company.client.get('/api/marketplace/suggestions')).statusCode).toBe(403);
  });

  it('saved searches are in the data export, and go with erasure', async () => {
    const records = api.get(MarketplaceRecords);
    const data = await records.exportOf(daily.user.id);
    expect(data.savedSearches.map((s) => s.skill)).toEqual(['SQL']);
    // What they found, and that the daily email took it.
    expect(data.searchAlerts).toMatchObject([
      { project_title: 'Inventory dashboard for our shops', daily: true, claimed_by_digest: true },
    ]);
    const [search] = (await daily.client.get('/api/me/saved-searches')).json<{ items: Search[] }>().items;
    expect((await daily.client.delete(`/api/me/saved-searches/${search?.id ?? ''}`)).statusCode).toBe(204);
    expect((await daily.client.get('/api/me/saved-searches')).json<{ items: Search[] }>().items).toEqual([]);
  });
});
