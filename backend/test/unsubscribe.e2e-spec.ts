import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ParsedMail } from 'mailparser';
import { TestEnv, sleep } from './support/env.js';
import { applicationAt, companyWithOpenProject, signedIn, world } from './support/factories.js';

/**
 * Notification email per kind (issue 31, "Mail people want, that lands"): each notification carries
 * RFC 8058 one-click unsubscribe headers and a footer link to a page of the web app; a mail client's
 * one-click POST (a form, no cookie, from no page) turns that kind off; Settings turns kinds on and
 * off; a turned-off kind is not mailed while the others still are; codes never carry the headers.
 */
describe('unsubscribe and email kinds', () => {
  const env = new TestEnv({ WEB_ORIGIN: 'https://app.mashrou.example' });
  let api: NestFastifyApplication;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
  });
  afterAll(() => env.close());

  /** A header as it arrived (mailparser folds the List-* ones into an object). */
  const header = (m: ParsedMail, name: string) => m.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
  /** The one-click address of a mail (List-Unsubscribe: <https://…>). */
  const oneClickUrl = (m: ParsedMail) => {
    const list = m.headers.get('list') as { unsubscribe?: { url?: string } } | undefined;
    const url = list?.unsubscribe?.url;
    if (!url) throw new Error(`no List-Unsubscribe in ${m.subject ?? ''}`);
    return new URL(url);
  };
  /** A mail client's one-click POST: the form body RFC 8058 prescribes, no cookie, no header of ours. */
  const oneClick = (url: URL, body = 'List-Unsubscribe=One-Click') =>
    api.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: body,
    });

  it('a notification carries one-click unsubscribe; the POST turns its kind off and only that kind', async () => {
    const w = world(api);
    const admin = await signedIn(api, 'admin');
    const { company, projectId } = await companyWithOpenProject(w, admin.client, { company: { email: 'omar@souk.example' } });
    const student = await signedIn(api, 'student', { email: 'layla@example.com' });
    await applicationAt('submitted', { student: student.client, projectId });

    const mail = await env.smtp.waitForMail('omar@souk.example', /applicant|application/i);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail, 'auto-submitted')).toBe('auto-generated');
    const url = oneClickUrl(mail);
    expect(url.origin).toBe('https://app.mashrou.example');
    expect(url.pathname).toBe('/api/unsubscribe');
    // The footer's link leads to the web app's page with the same token (a click there confirms).
    const token = url.searchParams.get('token') ?? '';
    expect(mail.html).toContain(`https://app.mashrou.example/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(mail.text).toContain('Unsubscribe, or choose which emails you get');

    // Opening the page's address changes nothing.
    const seen = await company.client.get(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ kind: 'applications', email: 'o***@souk.example', off: false });

    // RFC 8058's own example posts multipart/form-data; Gmail posts urlencoded: both work.
    const boundary = 'mashrou-test-boundary';
    const multipart = await api.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    const res = await oneClick(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'applications', email: 'o***@souk.example', off: true });
    expect((await company.client.get('/api/auth/me')).json()).toMatchObject({
      user: { emailNotifications: true, emailOff: ['applications'] },
    });

    // The next application is not mailed; a message (another kind) still is.
    const karim = await signedIn(api, 'student', { email: 'karim@example.com' });
    const before = env.smtp.to('omar@souk.example', /./).length;
    const second = await applicationAt('submitted', { student: karim.client, projectId });
    expect((await company.client.post(`/api/applications/${second}/messages`, { body: 'Thanks for applying!' })).statusCode).toBe(
      201,
    );
    expect(
      (await karim.client.post(`/api/applications/${second}/messages`, { body: 'Happy to talk this week.' })).statusCode,
    ).toBe(201);
    await env.smtp.waitForMail('omar@souk.example', /message/i);
    await sleep(1500);
    const after = env.smtp.to('omar@souk.example', /./).slice(before);
    expect(after.map((m) => m.subject)).toEqual([expect.stringMatching(/message/i)]);
    // The inbox in the app still tells of the application.
    const inbox = (await company.client.get('/api/notifications')).json<{ items: { kind: string }[] }>();
    expect(inbox.items.filter((i) => i.kind === 'new-applicant')).toHaveLength(2);

    // The page's Undo turns it back on.
    const undo = await company.client.post(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { resubscribe: true });
    expect(undo.json()).toMatchObject({ kind: 'applications', off: false });
    expect((await company.client.get('/api/auth/me')).json()).toMatchObject({ user: { emailOff: [] } });
  });

  it('a forged, altered or foreign token changes nothing; no other route takes a form', async () => {
    const someone = await signedIn(api, 'student', { email: 'dana@example.com' });
    const bad = [
      `${someone.user.id}.applications.${'0'.repeat(32)}`,
      `${someone.user.id}.all.${'f'.repeat(32)}`,
      'not-a-token-at-all',
      `${someone.user.id}.everything.${'0'.repeat(32)}`,
    ];
    for (const token of bad) {
      const res = await oneClick(new URL(`https://x/api/unsubscribe?token=${encodeURIComponent(token)}`));
      expect([400, 422]).toContain(res.statusCode);
      expect(res.json<{ code: string }>().code).toMatch(/invalid-unsubscribe-link|validation-failed/);
    }
    expect((await someone.client.get('/api/auth/me')).json()).toMatchObject({ user: { emailNotifications: true, emailOff: [] } });
    // A form posted cross-site to any other write is still refused before it reaches anything.
    const other = await api.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: someone.client.cookie ?? '' },
      payload: 'emailNotifications=false',
    });
    expect(other.statusCode).toBe(415);
  });

  it('Settings turns kinds off one by one; codes and resets never carry unsubscribe headers', async () => {
    const { client } = await signedIn(api, 'student', { email: 'rana@example.com' });
    const bad = await client.patch('/api/me', { emailOff: ['applications', 'spam'] });
    expect(bad.statusCode).toBe(422);
    const ok = await client.patch('/api/me', { emailOff: ['messages', 'messages', 'projectNews'] });
    expect(ok.json()).toMatchObject({ user: { emailOff: ['messages', 'projectNews'] } });

    expect((await client.post('/api/auth/password-reset', { email: 'rana@example.com' })).statusCode).toBeLessThan(300);
    const reset = await env.smtp.waitForMail('rana@example.com', /reset/i);
    expect(header(reset, 'list-unsubscribe-post')).toBeUndefined();
    expect(header(reset, 'list-unsubscribe')).toBeUndefined();
    expect(header(reset, 'auto-submitted')).toBe('auto-generated');
  });
});
