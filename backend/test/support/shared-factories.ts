/**
 * The one set of test-data factories, for api tests (`backend/test`, through `factories.ts`: the api
 * in process) and browser journeys (`frontend/e2e/stack.ts`: the built api over HTTP) alike.
 *
 * Data is made the way people make it, through the api: a company submits a project, an admin
 * approves it, a student applies, the company answers. Only what has no endpoint (an assessment with
 * a given score) is written in SQL. Nothing here imports the api's code, so the frontend can import it.
 */

/** The password of every account the factories make. */
export const PASSWORD = 'secret-pass-1';

/** An answer, as the in-process client (light-my-request) and the HTTP one (fetch) both give it. */
export interface Answer {
  statusCode: number;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the signature of light-my-request's json()
  json<T = unknown>(): T;
}

/** A caller of the api, signed in or not (urls start with `/api`). */
export interface Caller {
  get(url: string): Promise<Answer>;
  post(url: string, body?: unknown): Promise<Answer>;
  patch(url: string, body?: unknown): Promise<Answer>;
}

export type Role = 'student' | 'startup' | 'admin';

/** What a test may say of an account it needs; the rest is made up. */
export interface AccountFields {
  email?: string;
  fullName?: string;
  companyName?: string;
  school?: string;
  graduationYear?: number;
}

export interface Account {
  id: string;
  email: string;
  fullName: string;
}

export interface Signed<A extends Account = Account, C extends Caller = Caller> {
  user: A;
  client: C;
}

/** Where the factories make their data: the api in process, or a running stack. */
export interface World<A extends Account = Account, C extends Caller = Caller> {
  /** A verified account with this role, and a caller signed in as it. */
  signedIn(role: Role, fields?: AccountFields): Promise<Signed<A, C>>;
  /** SQL on this world's database (`$1`, `$2`… parameters): only for what no endpoint makes. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** The fields of a project as a company posts it (`POST /api/projects`). */
export type ProjectFields = Record<string, unknown>;

/** What every project needs; a factory's `fields` replace or add to these. */
export const PROJECT = {
  title: 'Sales dashboard',
  description: 'Build a small dashboard of the sales of our three shops in Amman.',
  durationWeeks: 4,
  weeklyHours: 8,
  workMode: 'remote',
  paid: false,
} as const;

export const MOTIVATION = 'I have done this kind of work before and would love to help with it.';

/** `res`, unless its status is not `status`: then the step failed, and so does the test. */
function expectStatus(step: string, res: Answer, status: number) {
  if (res.statusCode !== status) throw new Error(`${step}: expected ${status}, got ${res.statusCode} ${res.body}`);
  return res;
}

/** A project the company submits for review (pending); its id. */
export async function submitProject(company: Caller, fields: ProjectFields = {}) {
  const res = await company.post('/api/projects', { ...PROJECT, ...fields });
  return expectStatus('submit a project', res, 201).json<{ id: string }>().id;
}

/** An admin approves a pending project, as they read it (`version`: 1 is as submitted). */
export async function approveProject(admin: Caller, id: string, version = 1) {
  const res = await admin.post(`/api/admin/projects/${id}/review`, { decision: 'approve', version });
  expectStatus(`approve project ${id}`, res, 200);
}

/** A project the company submitted and an admin approved: open for applications; its id. */
export async function openProject(company: Caller, admin: Caller, fields: ProjectFields = {}) {
  const id = await submitProject(company, fields);
  await approveProject(admin, id);
  return id;
}

/** A new company with an open project (approved by `admin`). */
export async function companyWithOpenProject<A extends Account, C extends Caller>(
  world: World<A, C>,
  admin: Caller,
  { company: fields, project }: { company?: AccountFields; project?: ProjectFields } = {},
) {
  const company = await world.signedIn('startup', fields);
  const projectId = await openProject(company.client, admin, project);
  return { company, projectId };
}

/** The stages of an application a company moves it through to reach each status (DESIGN §1). */
const MOVES = {
  submitted: [],
  under_review: ['under_review'],
  shortlisted: ['shortlisted'],
  accepted: ['shortlisted', 'accepted'],
  rejected: ['rejected'],
  withdrawn: [],
} as const;
export type Stage = keyof typeof MOVES;

/**
 * The student's application to an open project, at `stage`: sent, then moved there by the company
 * (or withdrawn by the student); its id.
 */
export async function applicationAt(
  stage: Stage,
  {
    student,
    projectId,
    company,
    motivation = MOTIVATION,
    cvFileId,
  }: { student: Caller; projectId: string; company?: Caller; motivation?: string; cvFileId?: string },
) {
  const applied = await student.post(`/api/marketplace/projects/${projectId}/apply`, {
    motivation,
    ...(cvFileId ? { cvFileId } : {}),
  });
  const id = expectStatus('apply', applied, 201).json<{ id: string }>().id;
  for (const status of MOVES[stage]) {
    if (!company) throw new Error(`an application at ${stage} needs the company that moves it`);
    expectStatus(`move to ${status}`, await company.patch(`/api/applications/${id}/status`, { status }), 200);
  }
  if (stage === 'withdrawn') expectStatus('withdraw', await student.post(`/api/applications/${id}/withdraw`), 200);
  return id;
}

/** The student takes the assessment through its form (the first option of every question). */
export async function takeAssessment(student: Caller, skills: string[] = ['SQL']) {
  const form = (await student.get('/api/onboarding/assessment')).json<{
    version: number;
    questions: { id: string; options: { id: string }[] }[];
  }>();
  const answers = Object.fromEntries(
    form.questions.map((q) => {
      const option = q.options[0];
      if (!option) throw new Error(`question ${q.id} has no options`);
      return [q.id, option.id];
    }),
  );
  const res = await student.post('/api/onboarding/assessment', { version: form.version, answers, skills });
  expectStatus('take the assessment', res, 200);
}

/**
 * A finished assessment with a known score and skills, written directly (no answers give an exact
 * score): what the ranking and the applicant lists read.
 */
export async function finishAssessment(
  world: Pick<World, 'sql'>,
  userId: string,
  { overall, skills = [], scores = {} }: { overall: number; skills?: string[]; scores?: Record<string, number> },
) {
  await world.sql(
    `insert into assessments (id, user_id, version, answers, scores, overall, skills, completed_at)
     values (gen_random_uuid(), $1, 1, '{}', $2, $3, $4, now())`,
    // Lists as array literals: both worlds' drivers pass them as text.
    [userId, JSON.stringify(scores), overall, `{${skills.map((k) => JSON.stringify(k)).join(',')}}`],
  );
}

/** A new student with a finished assessment of this score and skills. */
export async function studentWithAssessment<A extends Account, C extends Caller>(
  world: World<A, C>,
  assessment: { overall: number; skills?: string[]; scores?: Record<string, number> },
  fields?: AccountFields,
) {
  const student = await world.signedIn('student', fields);
  await finishAssessment(world, student.user.id, assessment);
  return student;
}
