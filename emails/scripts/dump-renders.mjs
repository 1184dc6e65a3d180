// Dumps subject, HTML and plain text of every template (its PreviewProps and the variants it branches
// on) as JSON, from the built package (`npm run build -w emails` first). Compare two dumps to prove a
// change keeps the output byte for byte: `node emails/scripts/dump-renders.mjs [en|ar] > before.json`.
import { previewProps, renderEmailFresh } from '../dist/index.js';

const locale = process.argv[2];
const withLocale = (p) => (locale ? { ...p, locale } : p);

const cases = [];
for (const [name, props] of Object.entries(previewProps)) cases.push([name, props]);
for (const status of ['submitted', 'under_review', 'shortlisted', 'accepted', 'rejected', 'withdrawn'])
  cases.push(['ApplicationStatus', { ...previewProps.ApplicationStatus, status }]);
cases.push(['ApplicationStatus', { ...previewProps.ApplicationStatus, notes: undefined }]);
for (const userType of ['student', 'startup', 'admin']) {
  cases.push(['Welcome', { ...previewProps.Welcome, userType }]);
  cases.push(['OnboardingComplete', { ...previewProps.OnboardingComplete, userType }]);
  cases.push(['AdminSignup', { ...previewProps.AdminSignup, userType }]);
}
cases.push(['AdminSignup', { ...previewProps.AdminSignup, userType: 'student', companyName: undefined }]);
for (const approved of [true, false]) cases.push(['ProjectReviewed', { ...previewProps.ProjectReviewed, approved }]);
cases.push(['ProjectReviewed', { ...previewProps.ProjectReviewed, reason: undefined }]);
cases.push(['CandidateInvited', { ...previewProps.CandidateInvited, reasons: [] }]);
cases.push(['TestEmail', { ...previewProps.TestEmail, note: undefined }]);
cases.push([
  'ApplicationStatus',
  {
    ...previewProps.ApplicationStatus,
    status: 'accepted',
    companyName: 'Fintech Labs',
    contactName: 'Omar Khalil',
    contactEmail: 'omar@fintech.io',
  },
]);
cases.push(['ApplicationSubmitted', { ...previewProps.ApplicationSubmitted, studentName: undefined }]);
cases.push(['ApplicationWithdrawn', { ...previewProps.ApplicationWithdrawn, studentName: undefined }]);
cases.push(['ProviderLinkCode', { ...previewProps.ProviderLinkCode, providerName: 'LinkedIn', minutes: 1 }]);
cases.push(['ApplicationsClosed', { ...previewProps.ApplicationsClosed, cause: 'closed' }]);
cases.push(['MilestoneOverdue', { ...previewProps.MilestoneOverdue, side: 'company', otherName: 'Lina Haddad' }]);
cases.push(['DeliverableReviewed', { ...previewProps.DeliverableReviewed, accepted: true }]);
cases.push(['EngagementEnded', { ...previewProps.EngagementEnded, completed: true, reason: null }]);
for (const [kind, more] of [
  ['deadline', { waiting: 1 }],
  ['closed', { reason: 'Duplicate listing.' }],
  ['reopened', { reason: 'Closed by mistake.' }],
  ['edited', { reason: 'Contact details in the description.', fields: ['title', 'description', 'budget'] }],
])
  cases.push(['ProjectNotice', { ...previewProps.ProjectNotice, kind, waiting: undefined, ...more }]);
// Lists: empty, one, and past the number a digest names (the rest counted: one more, three more).
const many = (n, item) => Array.from({ length: n }, (_, i) => item(i + 1));
for (const n of [1, 10, 11, 13]) {
  cases.push([
    'ApplicantsSummary',
    {
      ...previewProps.ApplicantsSummary,
      applicants: many(n, (i) => ({ studentName: `Student ${i}`, projectTitle: `Project ${i}` })),
    },
  ]);
  cases.push([
    'SearchDigest',
    {
      ...previewProps.SearchDigest,
      projects: many(n, (i) => ({
        title: `Project ${i}`,
        companyName: 'Souk Labs',
        url: `http://localhost:5173/dashboard/browse-projects?project=${i}`,
      })),
    },
  ]);
}
cases.push([
  'WaitingDigest',
  { ...previewProps.WaitingDigest, waiting: 1, projects: [{ title: 'Landing page redesign', waiting: 1 }] },
]);
cases.push(['WaitingDigest', { ...previewProps.WaitingDigest, projects: [] }]);

const out = [];
for (const [name, props] of cases) out.push({ name, props, ...(await renderEmailFresh(name, withLocale(props))) });
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
