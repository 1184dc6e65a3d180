import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// @ts-expect-error s3rver ships no types; the S3rverServer shape below is what we use.
import S3rverModule from 's3rver';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestEnv } from './support/env.js';
import { ApiClient } from './support/client.js';
import { openProject, signedIn } from './support/factories.js';
import { PDF, multipart, upload } from './support/files.js';
import { first } from './support/items.js';

type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = S3rverModule as new (options: Record<string, unknown>) => S3rverServer;

describe('storage: CV upload and download rights', () => {
  const env = new TestEnv({ FILE_MAX_BYTES: '10000', USER_QUOTA_BYTES: '12000' });
  let api: NestFastifyApplication;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
  });
  afterAll(() => env.close());

  it('uploads a PDF to a non-root path and serves it as an attachment to its owner and by token only', async () => {
    const { client } = await signedIn(api, 'student');
    const res = await upload(client, 'cv/layla.pdf', 'Layla CV.pdf', PDF);
    expect(res.statusCode).toBe(201);
    const file = res.json<{ id: string; downloadUrl: string; size: number }>();
    expect(file.size).toBe(PDF.length);

    const own = await client.get(`/api/files/${file.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toMatch(/^attachment;/);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(PDF)).toBe(true);

    const anon = new ApiClient(api);
    expect((await anon.get(`/api/files/${file.id}`)).json()).toMatchObject({ code: 'unauthenticated' });
    expect((await anon.get(file.downloadUrl)).statusCode).toBe(200);
    const { client: stranger } = await signedIn(api, 'student');
    expect((await stranger.get(`/api/files/${file.id}`)).json()).toMatchObject({ code: 'unauthorized' });
    expect((await stranger.get(`/api/files/00000000-0000-4000-8000-000000000000`)).json()).toMatchObject({
      code: 'object-not-found',
      message: 'Object does not exist',
    });

    const rotated = (await client.post(`/api/files/${file.id}/token`)).json<{ downloadUrl: string }>();
    expect((await anon.get(file.downloadUrl)).statusCode).toBe(401);
    expect((await anon.get(rotated.downloadUrl)).statusCode).toBe(200);
  });

  it('a download is saved under the type we verified, never the uploader’s extension, and is never rendered as a page', async () => {
    const { client } = await signedIn(api, 'student');
    const cases = [
      ['page.html', 'page.pdf'],
      ['cv.pdf.html', 'cv.pdf.pdf'],
      ['..\\..\\evil<name>|x.svg', 'evil_name__x.pdf'],
      ['cv\u202Efdp.exe', 'cvfdp.pdf'],
      ['...', 'file.pdf'],
    ] as const;
    for (const [i, [uploaded, saved]] of cases.entries()) {
      const res = await upload(client, `cv/n${String(i)}.pdf`, uploaded, PDF);
      expect(res.statusCode).toBe(201);
      const got = await client.get(`/api/files/${res.json<{ id: string }>().id}`);
      expect([uploaded, got.headers['content-disposition']]).toEqual([uploaded, `attachment; filename="${saved}"`]);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-security-policy']).toMatch(/^sandbox\b/);
    }
    // A name in Arabic keeps its letters (RFC 6266 filename*), with an ASCII fallback.
    const { client: other } = await signedIn(api, 'student');
    // Cut at 120 characters, never inside one: an emoji across the cut stays whole or goes.
    const long = await upload(other, 'cv/long.pdf', `${'a'.repeat(119)}😀😀.pdf`, PDF);
    const longGot = await other.get(`/api/files/${long.json<{ id: string }>().id}`);
    expect(longGot.statusCode).toBe(200);
    expect(longGot.headers['content-disposition']).toContain(
      `filename*=UTF-8''${'a'.repeat(119)}${encodeURIComponent('😀')}.pdf`,
    );
    const arabic = await upload(other, 'cv/ar.pdf', 'سيرتي الذاتية.html', PDF);
    expect([arabic.statusCode, arabic.json<{ name: string }>().name]).toEqual([201, 'سيرتي الذاتية.html']);
    const got = await other.get(`/api/files/${arabic.json<{ id: string }>().id}`);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="????? ???????.pdf"; filename*=UTF-8''${encodeURIComponent('سيرتي الذاتية.pdf').replace(/'/g, '%27')}`,
    );
  });

  it('refuses the wrong type (by bytes), too big, escaping or root paths, and a full quota — and stores nothing', async () => {
    const { client } = await signedIn(api, 'student');
    const html = await upload(client, 'cv/evil.pdf', 'evil.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect([html.statusCode, html.json().code]).toEqual([415, 'invalid-format']);
    const big = await upload(client, 'cv/big.pdf', 'big.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(20_000, 66)]));
    expect([big.statusCode, big.json().code]).toEqual([413, 'file-too-large']);
    for (const path of ['../../etc/passwd', 'cv/../x.pdf', 'root.pdf', '/cv/x.pdf', '']) {
      const r = await upload(client, path, 'x.pdf', PDF);
      expect([path, r.statusCode, r.json().code]).toEqual([path, 400, 'invalid-argument']);
    }
    expect((await upload(client, 'cv/one.pdf', 'one.pdf', PDF)).statusCode).toBe(201);
    expect((await upload(client, 'cv/one.pdf', 'one.pdf', PDF)).statusCode).toBe(409);
    for (let i = 2; i <= 5; i++) await upload(client, `cv/${i}.pdf`, `${i}.pdf`, PDF);
    const full = await upload(client, 'cv/6.pdf', '6.pdf', PDF);
    expect([full.statusCode, full.json().code]).toEqual([402, 'quota-exceeded']);
    const files = (await client.get('/api/files')).json<unknown[]>();
    expect(files.length).toBeLessThanOrEqual(6);
    expect(
      (
        await new ApiClient(api).request('POST', '/api/files?path=cv/x.pdf', multipart('x.pdf', PDF).body, {
          'content-type': multipart('x.pdf', PDF).contentType,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a CV sent with an application is readable by that company only; nobody can attach someone else’s file', async () => {
    const { client: company } = await signedIn(api, 'startup');
    const { client: otherCompany } = await signedIn(api, 'startup');
    const { client: admin } = await signedIn(api, 'admin');
    const { client: student } = await signedIn(api, 'student');
    const { client: thief } = await signedIn(api, 'student');
    const projectId = await openProject(company, admin, {
      title: 'Data dashboard',
      description: 'Build a small dashboard of sales data for a shop in Beirut.',
    });
    const cv = (await upload(student, 'cv/me.pdf', 'me.pdf', PDF)).json<{ id: string }>();
    const stolen = await thief.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'Trying to attach a file that is not mine.',
      cvFileId: cv.id,
    });
    expect([stolen.statusCode, stolen.json().code]).toEqual([403, 'unauthorized']);
    const applied = await student.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'Here is my CV: I built dashboards for two clubs.',
      cvFileId: cv.id,
    });
    expect(applied.statusCode).toBe(201);
    const applicants = (await company.get(`/api/projects/${projectId}/applications`)).json<{ items: { cvUrl: string }[] }>()
      .items;
    const { cvUrl } = first(applicants);
    expect(cvUrl).toBe(`/api/files/${cv.id}`);
    expect((await company.get(cvUrl)).statusCode).toBe(200);
    expect((await otherCompany.get(cvUrl)).statusCode).toBe(403);
  });
});

describe('storage: the S3 driver against an S3-compatible server (s3rver on 127.0.0.1)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mashrou-s3-'));
  let s3: S3rverServer;
  let env: TestEnv;
  let api: NestFastifyApplication;

  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'mashrou-cvs' }] });
    const { port } = await s3.run();
    env = new TestEnv({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'mashrou-cvs',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'files/',
      FILE_MAX_BYTES: '10000',
    });
    await env.start();
    api = await env.api();
  });
  afterAll(async () => {
    await env.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (c: ApiClient, path: string, content: Buffer) => {
    const m = multipart('cv.pdf', content);
    return c.request('POST', `/api/files?path=${encodeURIComponent(path)}`, m.body, { 'content-type': m.contentType });
  };
  const objectsIn = (bucket: string) => {
    const root = join(dir, bucket);
    return existsSync(root)
      ? readdirSync(root, { recursive: true })
          .map(String)
          .filter((f) => f.endsWith('._S3rver_object'))
      : [];
  };

  it('stores the bytes in the bucket (not on local disk), serves them with the same rights, deletes them', async () => {
    const { client, user } = await signedIn(api, 'student');
    const res = await upload(client, 'cv/s3.pdf', PDF);
    expect(res.statusCode).toBe(201);
    const file = res.json<{ id: string; downloadUrl: string }>();
    expect(objectsIn('mashrou-cvs')).toContain(`files/${user.id}/${file.id}._S3rver_object`);
    // Only the scratch folder exists locally, and it is empty once the upload is done.
    expect(readdirSync(join(env.storageDir, '.uploads'))).toEqual([]);

    const own = await client.get(`/api/files/${file.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect(own.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await new ApiClient(api).get(file.downloadUrl)).rawPayload.equals(PDF)).toBe(true);
    const { client: stranger } = await signedIn(api, 'student');
    expect((await stranger.get(`/api/files/${file.id}`)).json()).toMatchObject({ code: 'unauthorized' });

    // Refusals happen before the store is touched.
    const html = await upload(client, 'cv/evil.pdf', Buffer.from('<html></html>'));
    expect(html.json()).toMatchObject({ code: 'invalid-format' });
    expect(objectsIn('mashrou-cvs')).toHaveLength(1);

    expect((await client.request('DELETE', `/api/files/${file.id}`)).statusCode).toBe(204);
    expect(objectsIn('mashrou-cvs')).toHaveLength(0);
    expect((await client.get(`/api/files/${file.id}`)).json()).toMatchObject({ code: 'object-not-found' });
  });

  it('a row whose object is gone from the bucket answers object-not-found, not a crash', async () => {
    const { client, user } = await signedIn(api, 'student');
    const file = (await upload(client, 'cv/gone.pdf', PDF)).json<{ id: string }>();
    rmSync(join(dir, 'mashrou-cvs', 'files', user.id), { recursive: true, force: true });
    const res = await client.get(`/api/files/${file.id}`);
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([404, 'object-not-found', 'Object does not exist']);
  });
});
