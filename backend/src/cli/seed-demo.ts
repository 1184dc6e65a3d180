import { randomUUID } from 'node:crypto';
import { certificateCode } from '../marketplace/certificate-code.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { UserSchema } from '../identity/identity.entities.js';
import { insertUser } from '../identity/insert-user.js';
import { normalizeEmail } from '../identity/secrets.js';

const nextYear = new Date().getFullYear() + 1;

/** Students of the local demo, each with an assessment, so every screen has something real to show. */
const STUDENTS = [
  {
    email: 'student@mashrou.local',
    fullName: 'Layla Haddad',
    school: 'American University of Beirut',
    year: nextYear,
    skills: ['React', 'TypeScript', 'SQL'],
    scores: [88, 80, 90, 78],
  },
  {
    email: 'karim@mashrou.local',
    fullName: 'Karim Nassar',
    school: 'University of Jordan',
    year: nextYear,
    skills: ['React', 'Figma'],
    scores: [72, 70, 76, 80],
  },
  {
    email: 'dana@mashrou.local',
    fullName: 'Dana Aziz',
    school: 'Lebanese American University',
    year: nextYear + 1,
    skills: ['Marketing', 'Copywriting', 'Excel'],
    scores: [80, 94, 60, 88],
  },
  {
    email: 'youssef@mashrou.local',
    fullName: 'Youssef Amin',
    school: 'Cairo University',
    year: nextYear + 2,
    skills: ['Excel', 'SQL', 'Data analysis'],
    scores: [84, 66, 82, 70],
  },
];

const PROJECTS = [
  {
    title: 'Inventory dashboard for our shops',
    status: 'open',
    skills: ['React', 'TypeScript', 'SQL'],
    weeks: 6,
    hours: 10,
    mode: 'remote',
    paid: 400,
    days: 2,
    description:
      'A dashboard of stock levels for our three shops in Beirut, fed from our sales database, so the owners stop counting by hand.',
  },
  {
    title: 'Arabic social media plan',
    status: 'open',
    skills: ['Marketing', 'Copywriting'],
    weeks: 4,
    hours: 8,
    mode: 'hybrid',
    paid: 0,
    days: 5,
    description:
      'Plan a month of posts in Arabic and English for our launch, with a simple calendar and the first ten posts written.',
  },
  {
    title: 'Customer survey analysis',
    status: 'open',
    skills: ['Excel', 'SQL', 'Data analysis'],
    weeks: 3,
    hours: 6,
    mode: 'remote',
    paid: 250,
    days: 9,
    description:
      'Analyse the answers of 400 customers to our survey and present what they like, what they miss and what to do next.',
  },
  {
    title: 'Mobile app onboarding redesign',
    status: 'pending',
    skills: ['Figma', 'UX research'],
    weeks: 5,
    hours: 10,
    mode: 'remote',
    paid: 300,
    days: 1,
    description: 'Interview five users and redesign the first three screens of our app so new users finish sign-up.',
  },
  {
    title: 'Logo refresh and brand guide',
    status: 'closed',
    skills: ['Figma'],
    weeks: 2,
    hours: 5,
    mode: 'remote',
    paid: 0,
    days: 40,
    description: 'Refresh our logo and write a one-page brand guide with colours, fonts and examples.',
  },
] as const;

/** Who applied where, and how far the company got (hours after applying for the first answer). */
const APPLICATIONS = [
  {
    student: 'karim@mashrou.local',
    project: 'Inventory dashboard for our shops',
    status: 'under_review',
    answeredAfterHours: 20,
    notes: null,
  },
  {
    student: 'dana@mashrou.local',
    project: 'Arabic social media plan',
    status: 'shortlisted',
    answeredAfterHours: 6,
    notes: 'Loved your sample posts. We will call you this week.',
  },
  {
    student: 'youssef@mashrou.local',
    project: 'Customer survey analysis',
    status: 'submitted',
    answeredAfterHours: null,
    notes: null,
  },
  {
    student: 'student@mashrou.local',
    project: 'Customer survey analysis',
    status: 'accepted',
    answeredAfterHours: 30,
    notes: 'Welcome aboard! Kick-off is on Monday.',
  },
  {
    student: 'dana@mashrou.local',
    project: 'Logo refresh and brand guide',
    status: 'rejected',
    answeredAfterHours: 48,
    notes: 'We went with a designer this time. Thank you!',
  },
  // Two engagements that ended: one complete (the company reviewed; the student's review is due),
  // one ended early weeks ago (both reviewed; the company reported the student's).
  {
    student: 'student@mashrou.local',
    project: 'Inventory dashboard for our shops',
    status: 'accepted',
    answeredAfterHours: 10,
    notes: null,
    ended: 'completed',
  },
  {
    student: 'youssef@mashrou.local',
    project: 'Arabic social media plan',
    status: 'accepted',
    answeredAfterHours: 8,
    notes: null,
    ended: 'ended-early',
  },
] as const;

/**
 * A small, believable marketplace for `npm run up`: the demo company's projects in every status,
 * students with assessments, applications at every stage. Runs once (skipped when the demo company
 * already has projects).
 */
export async function seedDemoMarketplace(em: EntityManager, password: string) {
  const company = await em.findOne(UserSchema, { emailNormalized: normalizeEmail('company@mashrou.local') });
  if (!company) return;
  const {
    rows: [existing],
  } = await sql<{ n: string }>`select count(*) as n from projects where company_id = ${company.id}`.execute(em.getKysely());
  if (Number(existing?.n ?? 0) > 0) return;
  const ids = new Map<string, string>();
  await em.transactional(async (tx) => {
    const db = tx.getKysely();
    for (const s of STUDENTS) {
      const found = await tx.findOne(UserSchema, { emailNormalized: normalizeEmail(s.email) });
      const user =
        found ??
        (await insertUser(tx, {
          email: s.email,
          password,
          fullName: s.fullName,
          userType: 'student',
          verified: true,
          onboarded: true,
          school: s.school,
          graduationYear: s.year,
        }));
      ids.set(s.email, user.id);
      const [p = 0, c = 0, t = 0, w = 0] = s.scores;
      const scores = JSON.stringify({ problemSolving: p, communication: c, technical: t, teamwork: w });
      await sql`insert into assessments (id, user_id, version, answers, scores, overall, skills, completed_at)
         values (${randomUUID()}, ${user.id}, 1, '{}', ${scores}::jsonb, ${Math.round((p + c + t + w) / 4)},
                 ${s.skills}, now()) on conflict (user_id) do nothing`.execute(db);
      await sql`update users set assessment_complete = true where id = ${user.id}`.execute(db);
    }
    for (const p of PROJECTS) {
      const id = randomUUID();
      ids.set(p.title, id);
      await sql`insert into projects (id, company_id, company_name, title, description, requirements, skills, responsibilities, qualifications,
                               duration_weeks, weekly_hours, work_mode, location, deadline, paid, stipend, status, reviewed_at, created_at, updated_at)
         values (${id}, ${company.id}, ${company.companyName ?? company.fullName}, ${p.title}, ${p.description},
                 '{"Good written English or Arabic"}', ${p.skills}, '{"Share progress every week"}', '{}',
                 ${p.weeks}, ${p.hours}, ${p.mode}, ${p.mode === 'remote' ? null : 'Beirut'}, current_date + 30, ${p.paid > 0},
                 ${p.paid || null}, ${p.status}, case when ${p.status} <> 'pending' then now() end, now() - ${p.days} * interval '1 day', now())`.execute(
        db,
      );
    }
    for (const a of APPLICATIONS) {
      const applicationId = randomUUID();
      const appliedAt = new Date(Date.now() - ('ended' in a ? 25 : 3) * 86_400_000);
      const answeredAt = a.answeredAfterHours === null ? null : new Date(appliedAt.getTime() + a.answeredAfterHours * 3_600_000);
      // An engagement that ended began weeks ago; the others' applications are from this week. An
      // accepted one was accepted when the company first answered.
      const motivation = `I would love to work on "${a.project}": it is exactly what I have been practising.`;
      await sql`insert into applications (id, project_id, student_id, project_title, motivation, status, notes, created_at, updated_at, first_response_at, accepted_at)
         values (${applicationId}, ${ids.get(a.project)}, ${ids.get(a.student)}, ${a.project}, ${motivation}, ${a.status}, ${a.notes},
                 ${appliedAt}, now() - interval '1 day', ${answeredAt}, ${a.status === 'accepted' ? answeredAt : null})`.execute(
        db,
      );
      // What the bell would have said: the company heard of the applicant (read), the student of each decision.
      const note = (userId: string | undefined, kind: string, data: Record<string, string>, read: boolean, about?: string) =>
        sql`insert into inbox_items (id, user_id, dedupe_key, kind, data, about_user_id, read_at, created_at)
           values (${randomUUID()}, ${userId}, ${`seed:${kind}:${applicationId}`}, ${kind}, ${JSON.stringify(data)}::jsonb, ${about ?? null},
                   case when ${read} then now() end, now() - interval '2 days') on conflict do nothing`.execute(db);
      const projectId = ids.get(a.project) ?? '';
      const studentName = STUDENTS.find((s) => s.email === a.student)?.fullName ?? '';
      await note(company.id, 'new-applicant', { projectId, projectTitle: a.project, studentName }, true, ids.get(a.student));
      if (a.status !== 'submitted') {
        const facts = { projectId, projectTitle: a.project, status: a.status };
        await note(ids.get(a.student), 'application-status', facts, false, company.id);
      }
      if (a.status === 'accepted' && !('ended' in a)) await seedWorkspace(tx, applicationId);
      if (a.status === 'accepted' && a.student === 'student@mashrou.local' && !('ended' in a)) {
        // The demo student keeps a saved search (the home page suggests what it matches).
        await sql`insert into saved_searches (id, user_id, skill, instant, daily)
           values (${randomUUID()}, ${ids.get(a.student)}, 'SQL', true, true)`.execute(db);
      }
      if ('ended' in a) await seedEnded(tx, applicationId, a.ended, PROJECTS.find((p) => p.title === a.project)?.skills ?? []);
    }
  });
  console.log(
    `seed: demo marketplace (${PROJECTS.length} projects, ${STUDENTS.length} students with assessments, ${APPLICATIONS.length} applications)`,
  );
}

/**
 * The accepted application's workspace, under way: a milestone accepted after one round of changes,
 * one handed in and waiting for the company, and one still to do.
 */
async function seedWorkspace(tx: EntityManager, applicationId: string) {
  const db = tx.getKysely();
  const milestone = async (title: string, expectations: string, dueInDays: number, status: string) => {
    const id = randomUUID();
    await sql`insert into milestones (id, application_id, title, expectations, due_on, status, created_at, updated_at)
       values (${id}, ${applicationId}, ${title}, ${expectations}, current_date + ${dueInDays}::int, ${status},
               now() - interval '2 days', now() - interval '1 day')`.execute(db);
    return id;
  };
  const handIn = (
    milestoneId: string,
    body: string,
    links: string[],
    hoursAgo: number,
    outcome: string | null,
    feedback: string | null,
  ) =>
    sql`insert into deliverables (id, milestone_id, body, links, submitted_at, outcome, feedback, reviewed_at)
       values (${randomUUID()}, ${milestoneId}, ${body}, ${links}::text[],
               now() - ${hoursAgo}::int * interval '1 hour', ${outcome}, ${feedback},
               case when ${outcome}::text is null then null else now() - ${hoursAgo}::int * interval '1 hour' + interval '3 hours' end)`.execute(
      db,
    );
  const questions = await milestone(
    'Survey questions',
    'Ten questions in Arabic and English, checked with two customers.',
    -1,
    'accepted',
  );
  await handIn(
    questions,
    'Draft of the ten questions.',
    ['https://docs.example.com/survey-draft'],
    40,
    'changes-requested',
    'Add a question about delivery times.',
  );
  await handIn(
    questions,
    'Final questions, with delivery times.',
    ['https://docs.example.com/survey-final'],
    20,
    'accepted',
    null,
  );
  const answers = await milestone('Collect 50 answers', 'Answers from customers of both shops, in one sheet.', 5, 'submitted');
  await handIn(answers, '52 answers collected, in the shared sheet.', ['https://sheets.example.com/answers'], 2, null, null);
  await milestone('Findings', 'Five findings with a chart each, and what to change first.', 12, 'open');
}

/**
 * An engagement that ended. Complete two days ago: two milestones accepted, the company's review in,
 * the student's still to write. Ended early twenty days ago (its review window closed): both reviews
 * in, and the company reported the student's to admins.
 */
async function seedEnded(tx: EntityManager, applicationId: string, how: 'completed' | 'ended-early', skills: readonly string[]) {
  const db = tx.getKysely();
  const done = how === 'completed';
  const milestones = done
    ? [
        ['Stock tables', 'One table per shop, refreshed every night.'],
        ['Dashboard', 'Stock levels per shop with a low-stock alert.'],
      ]
    : [['Content calendar', 'Three months of posts, in Arabic.']];
  for (const [title, expectations] of milestones) {
    const id = randomUUID();
    await sql`insert into milestones (id, application_id, title, expectations, due_on, status, created_at, updated_at)
       values (${id}, ${applicationId}, ${title}, ${expectations}, current_date - 5, ${done ? 'accepted' : 'open'},
               now() - interval '20 days', now() - interval '3 days')`.execute(db);
    if (done)
      await sql`insert into deliverables (id, milestone_id, body, links, submitted_at, outcome, reviewed_at)
         values (${randomUUID()}, ${id}, ${`${title}: done, as described.`}, '{}', now() - interval '4 days', 'accepted',
                 now() - interval '3 days')`.execute(db);
  }
  const endedDaysAgo = done ? 2 : 20;
  const reason = done ? null : 'We paused the campaign for this season.';
  await sql`insert into engagement_endings (application_id, outcome, reason, ended_at)
     values (${applicationId}, ${how}, ${reason}, now() - ${endedDaysAgo}::int * interval '1 day')`.execute(db);
  const review = (author: string, overall: number, scores: Record<string, number>, body: string, reported: string | null) =>
    sql`insert into reviews (id, application_id, author, overall, scores, body, created_at, reported_at, report_reason)
       values (${randomUUID()}, ${applicationId}, ${author}, ${overall}, ${JSON.stringify(scores)}::jsonb, ${body},
               now() - ${endedDaysAgo}::int * interval '1 day' + interval '1 day',
               case when ${reported}::text is null then null else now() - interval '1 day' end, ${reported})`.execute(db);
  if (done) {
    // Its certificate, as the completion issues it (the student has not chosen to show the mark).
    await sql`insert into certificates (application_id, code, student_name, project_title, company_name, started_on, completed_on, skills, issued_at)
       select a.id, ${certificateCode()}, u.full_name, p.title, p.company_name, (a.accepted_at at time zone 'UTC')::date,
              current_date - ${endedDaysAgo}::int, p.skills, now() - ${endedDaysAgo}::int * interval '1 day'
         from applications a join users u on u.id = a.student_id join projects p on p.id = a.project_id where a.id = ${applicationId}`.execute(
      db,
    );
    // The student published their portfolio (its page lists this project with its certificate).
    await sql`insert into portfolios (user_id, slug, published) select student_id, 'demostudent2', true from applications
       where id = ${applicationId} on conflict (user_id) do nothing`.execute(db);
    await review('company', 5, Object.fromEntries(skills.map((k) => [k, 5])), 'Clear dashboards, delivered early.', null);
  } else {
    await review('company', 3, Object.fromEntries(skills.map((k) => [k, 3])), 'A good start; we had to stop early.', null);
    await review(
      'student',
      3,
      { clearBrief: 2, communication: 3, respectOfTime: 4 },
      'The brief changed twice.',
      'This is unfair: the brief was clear from the start.',
    );
  }
}
