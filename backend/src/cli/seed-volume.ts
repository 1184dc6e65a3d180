import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../identity/secrets.js';
import { SUGGESTED_SKILLS } from '../onboarding/question-bank.js';

export interface Volume {
  projects: number;
  students: number;
  applications: number;
}

const TOPICS = [
  'Market research',
  'Mobile app',
  'Brand identity',
  'Data dashboard',
  'Social media campaign',
  'Website redesign',
  'Customer interviews',
  'Financial model',
  'Arabic content',
  'E-commerce store',
  'Chatbot prototype',
  'Logistics study',
];
const CITIES = ['Amman', 'Beirut', 'Cairo', 'Dubai', 'Riyadh', 'Casablanca', 'Tunis', 'Doha', 'Muscat', 'Kuwait City'];
const SCHOOLS = [
  'American University of Beirut',
  'University of Jordan',
  'Cairo University',
  'American University in Cairo',
  'Khalifa University',
  'King Saud University',
  'Qatar University',
  'Mohammed V University',
];

const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/**
 * Realistic volume in set-based SQL (minutes, not hours): companies, students with assessments,
 * projects (mostly open) and applications. Every seeded account shares one password hash.
 */
export async function seedVolume(em: EntityManager, v: Volume, password: string) {
  const hash = await hashPassword(password);
  const companies = Math.max(1, Math.ceil(v.projects / 50));
  const started = Date.now();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = Date.now();
    await em.execute(sql, params);
    console.log(`seed: ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  const skills = sqlArray(SUGGESTED_SKILLS);
  await step(
    `${companies} companies`,
    `
    insert into users (id, email, email_normalized, password_hash, full_name, company_name, user_type, email_verified_at, onboarding_complete)
    select gen_random_uuid(), 'company' || g || '@seed.mashrou.local', 'company' || g || '@seed.mashrou.local', ?,
           'Founder ' || g, (${sqlArray(TOPICS)})[1 + g % ${TOPICS.length}] || ' Labs ' || g, 'startup', now(), true
      from generate_series(1, ?) g on conflict (email_normalized) do nothing`,
    [hash, companies],
  );
  await step(
    `${v.students} students`,
    `
    insert into users (id, email, email_normalized, password_hash, full_name, user_type, email_verified_at, onboarding_complete,
                       school, graduation_year, assessment_complete, created_at)
    select gen_random_uuid(), 'student' || g || '@seed.mashrou.local', 'student' || g || '@seed.mashrou.local', ?,
           'Student ' || g, 'student', now(), true, (${sqlArray(SCHOOLS)})[1 + g % ${SCHOOLS.length}],
           extract(year from now())::int + g % 5, true, now() - (g % 365) * interval '1 day'
      from generate_series(1, ?) g on conflict (email_normalized) do nothing`,
    [hash, v.students],
  );
  await step(
    'assessments',
    `
    insert into assessments (id, user_id, version, answers, scores, overall, skills, completed_at)
    select gen_random_uuid(), u.id, 1, '{}'::jsonb,
           jsonb_build_object('problemSolving', s1, 'communication', s2, 'technical', s3, 'teamwork', s4),
           (s1 + s2 + s3 + s4) / 4,
           array[(${skills})[1 + (h % ${SUGGESTED_SKILLS.length})], (${skills})[1 + ((h / 7) % ${SUGGESTED_SKILLS.length})],
                 (${skills})[1 + ((h / 49) % ${SUGGESTED_SKILLS.length})]],
           now()
      from (select id, abs(hashtext(id::text)) as h from users where email like 'student%@seed.mashrou.local') u,
           lateral (select (h % 100) as s1, ((h / 3) % 100) as s2, ((h / 11) % 100) as s3, ((h / 13) % 100) as s4) s
    on conflict (user_id) do nothing`,
  );
  await step(
    `${v.projects} projects`,
    `
    insert into projects (id, company_id, company_name, title, description, requirements, skills, responsibilities, qualifications,
                          duration_weeks, weekly_hours, work_mode, location, start_date, deadline, paid, stipend, status, created_at)
    select gen_random_uuid(), c.id, c.company_name,
           (${sqlArray(TOPICS)})[1 + g % ${TOPICS.length}] || ' for ' || (${sqlArray(CITIES)})[1 + (g / 7) % ${CITIES.length}] || ' #' || g,
           'A real project: ' || lower((${sqlArray(TOPICS)})[1 + g % ${TOPICS.length}]) || ' with a team in ' ||
             (${sqlArray(CITIES)})[1 + (g / 7) % ${CITIES.length}] || '. You will work with the founders and deliver a clear result.',
           array['Curiosity', 'Good written English or Arabic'],
           array[(${skills})[1 + g % ${SUGGESTED_SKILLS.length}], (${skills})[1 + (g / 3) % ${SUGGESTED_SKILLS.length}]],
           array['Plan the work', 'Deliver and present the result'], '{}',
           2 + g % 20, 5 + g % 30, (array['remote','onsite','hybrid'])[1 + g % 3],
           case when g % 3 = 0 then null else (${sqlArray(CITIES)})[1 + (g / 7) % ${CITIES.length}] end,
           current_date + (g % 90), case when g % 4 = 0 then null else current_date + (g % 60) end,
           g % 2 = 0, case when g % 2 = 0 then 100 + (g % 10) * 50 else null end,
           case when g % 20 = 0 then 'pending' when g % 25 = 0 then 'closed' else 'open' end,
           now() - (g % 720) * interval '1 hour'
      from generate_series(1, ?) g
      join lateral (select id, company_name from users where email = 'company' || (1 + g % ?) || '@seed.mashrou.local') c on true`,
    [v.projects, companies],
  );
  await step(
    `${v.applications} applications`,
    `
    with p as (select id, title, row_number() over () as n from projects where status <> 'pending'),
         s as (select id, row_number() over () as n from users where email like 'student%@seed.mashrou.local'),
         pc as (select count(*) as c from p), sc as (select count(*) as c from s)
    insert into applications (id, project_id, student_id, project_title, motivation, status, created_at, updated_at, first_response_at)
    select gen_random_uuid(), p.id, s.id, p.title, 'I would love to work on this: it matches what I study.',
           (array['submitted','under_review','shortlisted','accepted','rejected','withdrawn'])[1 + g % 6],
           now() - (g % 500) * interval '1 hour', now() - (g % 300) * interval '1 hour',
           -- answered ones: the company replied 1 to 72 hours after the application
           case when g % 6 between 1 and 4 then now() - (g % 500) * interval '1 hour' + (1 + g % 72) * interval '1 hour' end
      from generate_series(1, ?) g
      cross join pc cross join sc
      -- student g mod S takes its (g div S)-th project along a prime stride: pairs never repeat
      join p on p.n = 1 + ((g::bigint / sc.c) * 7919 + (g % sc.c) * 31) % pc.c
      join s on s.n = 1 + g % sc.c
    on conflict (project_id, student_id) do nothing`,
    [v.applications],
  );
  await step('analyze', 'analyze users, projects, applications, assessments');
  console.log(`seed: volume done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
