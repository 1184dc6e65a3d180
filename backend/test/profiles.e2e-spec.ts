import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestEnv } from './support/env.js';
import { openProject, signedIn, takeAssessment } from './support/factories.js';
import { PDF, upload } from './support/files.js';
import { first } from './support/items.js';

type Me = Awaited<ReturnType<typeof signedIn>>;
interface Profile {
  school?: string;
  graduationYear?: number;
  whatsapp?: string;
  linkedin?: string;
  bio?: string;
  skills: string[];
  assessmentTaken: boolean;
  cv: { id: string; name: string } | null;
}

const year = new Date().getFullYear() + 1;
const info = {
  school: 'American University of Beirut',
  graduationYear: year,
  whatsapp: '+961 70 123 456',
  linkedin: 'https://www.linkedin.com/in/lina-haddad',
  bio: 'Third-year computer science student who likes data <b>and</b> people.',
};

async function uploadCv(student: Me, name: string) {
  const res = await upload(student.client, `cv/${name}`, name, PDF);
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('profiles: students and companies edit theirs at any time; companies read them where they meet', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let student: Me;
  let student2: Me;
  let company: Me;
  let admin: Me;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    [student, student2, company, admin] = await Promise.all([
      signedIn(api, 'student'),
      signedIn(api, 'student'),
      signedIn(api, 'startup'),
      signedIn(api, 'admin'),
    ]);
  });
  afterAll(() => env.close());

  const put = (who: Me, url: string, body: unknown) => who.client.request('PUT', url, body);

  it('a student profile starts empty; only its owner (a student) reads or writes it', async () => {
    const res = await student.client.get('/api/profile/student');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ skills: [], assessmentTaken: false, cv: null });
    for (const who of [company, admin]) {
      expect((await who.client.get('/api/profile/student')).statusCode).toBe(403);
      expect((await put(who, '/api/profile/student', info)).statusCode).toBe(403);
    }
    expect((await student.client.get('/api/profile/company')).statusCode).toBe(403);
    const anonymous = await api.inject({
      method: 'GET',
      url: '/api/profile/student',
      headers: { 'x-requested-with': 'mashrou' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('hostile or malformed profiles are refused with a code, and nothing changes', async () => {
    for (const bad of [
      { ...info, bio: 'x'.repeat(1001) },
      { ...info, linkedin: 'javascript:alert(1)' },
      { ...info, whatsapp: 'call me' },
      { ...info, school: '' },
      { ...info, graduationYear: 1990 },
      { ...info, role: 'admin' },
      { ...info, skills: [] },
      { ...info, skills: Array.from({ length: 16 }, (_, i) => `Skill ${String(i)}`) },
    ]) {
      const res = await put(student, '/api/profile/student', bad);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ code: string }>().code).toBeTruthy();
    }
    // Skills are kept with the assessment: none taken yet, so the whole save is refused.
    const early = await put(student, '/api/profile/student', { ...info, skills: ['SQL'] });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ code: string }>().code).toBe('assessment-required');
    expect((await student.client.get('/api/profile/student')).json()).toEqual({ skills: [], assessmentTaken: false, cv: null });
  });

  it('a student saves school, year, contacts and bio, then skills once the assessment is taken', async () => {
    const saved = await put(student, '/api/profile/student', info);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Profile>()).toMatchObject({ ...info, skills: [], assessmentTaken: false });
    // The account shows the same school (the session's user is refreshed).
    expect((await student.client.get('/api/auth/me')).json<{ user: { school: string } }>().user.school).toBe(info.school);

    await takeAssessment(student.client);
    const withSkills = await put(student, '/api/profile/student', { ...info, bio: '', skills: ['React', 'SQL', 'React'] });
    expect(withSkills.statusCode).toBe(200);
    const profile = withSkills.json<Profile>();
    expect(profile.skills).toEqual(['React', 'SQL']);
    expect(profile.assessmentTaken).toBe(true);
    // An empty bio clears it.
    expect(profile.bio).toBeUndefined();
    await put(student, '/api/profile/student', info);
  });

  it('a CV kept on the profile: only one of your own PDFs, replaced and removed; a CV sent with an application stays for the company', async () => {
    const mine = await uploadCv(student, 'lina-cv.pdf');
    const theirs = await uploadCv(student2, 'other-cv.pdf');
    expect((await put(student, '/api/profile/student/cv', { fileId: theirs })).statusCode).toBe(403);
    expect((await put(student, '/api/profile/student/cv', { fileId: 'not-a-uuid' })).statusCode).toBe(422);
    expect((await put(student, '/api/profile/student/cv', { fileId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    expect((await student.client.get('/api/profile/student')).json<Profile>().cv).toBeNull();

    const set = await put(student, '/api/profile/student/cv', { fileId: mine });
    expect(set.statusCode).toBe(200);
    expect(set.json<Profile>().cv).toMatchObject({ id: mine, name: 'lina-cv.pdf' });

    // A company with an approved project; the student applies with the profile CV.
    const projectId = await openProject(company.client, admin.client, {
      title: 'Customer interviews for a delivery app',
      description: 'Talk to 15 restaurant owners in Beirut about deliveries and write up what they need.',
      skills: ['Research'],
    });
    const applied = await student.client.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'I have interviewed shop owners before and I write clear summaries.',
      cvFileId: mine,
    });
    expect(applied.statusCode).toBe(201);

    // The company reads the full profile from the applicant card, and the CV.
    const applicants = (await company.client.get(`/api/projects/${projectId}/applications`)).json<{
      items: { cvUrl?: string; student: { school?: string; bio?: string; linkedin?: string; skills: string[] } }[];
    }>();
    const card = first(applicants.items);
    expect(card.student).toMatchObject({ school: info.school, bio: info.bio, linkedin: info.linkedin, skills: ['React', 'SQL'] });
    expect(card.cvUrl).toBe(`/api/files/${mine}`);

    // Replacing the profile CV keeps the one the company received.
    const next = await uploadCv(student, 'lina-cv-2026.pdf');
    expect((await put(student, '/api/profile/student/cv', { fileId: next })).json<Profile>().cv).toMatchObject({ id: next });
    expect((await company.client.get(`/api/files/${mine}`)).statusCode).toBe(200);

    // Removing it deletes a CV nobody else received.
    const removed = await student.client.request('DELETE', '/api/profile/student/cv');
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Profile>().cv).toBeNull();
    expect((await student.client.get(`/api/files/${next}`)).statusCode).toBe(404);
    expect((await student.client.get(`/api/files/${mine}`)).statusCode).toBe(200);

    // A profile CV deleted through the files api is simply gone from the profile.
    const third = await uploadCv(student, 'short-cv.pdf');
    await put(student, '/api/profile/student/cv', { fileId: third });
    expect((await student.client.request('DELETE', `/api/files/${third}`)).statusCode).toBe(204);
    expect((await student.client.get('/api/profile/student')).json<Profile>().cv).toBeNull();

    // Withdrawn, the application's CV is read by nobody any more (and is not the profile's): it is deleted.
    expect((await student.client.post(`/api/applications/${applied.json<{ id: string }>().id}/withdraw`)).statusCode).toBe(200);
    expect((await student.client.get(`/api/files/${mine}`)).statusCode).toBe(404);
    expect((await company.client.get(`/api/files/${mine}`)).statusCode).toBe(404);
  });

  it("a company's profile: validated, saved whole, and shown to students on its project pages", async () => {
    expect((await company.client.get('/api/profile/company')).json()).toEqual({});
    expect((await put(student, '/api/profile/company', { about: 'x' })).statusCode).toBe(403);
    for (const bad of [
      { website: 'javascript:alert(1)' },
      { website: 'not a website' },
      { size: 'huge' },
      { about: 'x'.repeat(2001) },
      { location: 'x'.repeat(121) },
      { companyName: 'Renamed' },
    ]) {
      const res = await put(company, '/api/profile/company', bad);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ code: string }>().code).toBeTruthy();
    }
    const full = {
      about: 'We build delivery software for restaurants across the Levant.',
      website: 'https://example.com/about',
      location: 'Beirut, Lebanon',
      size: '11-50',
    };
    const saved = await put(company, '/api/profile/company', full);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(full);

    const projectId = first((await company.client.get('/api/projects/mine')).json<{ items: { id: string }[] }>().items).id;
    const page = await student.client.get(`/api/marketplace/projects/${projectId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ company: unknown }>().company).toEqual(full);

    // Saved whole: a field left out is cleared.
    expect((await put(company, '/api/profile/company', { about: full.about })).json()).toEqual({ about: full.about });
  });
});
