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

const out = [];
for (const [name, props] of cases) out.push({ name, props, ...(await renderEmailFresh(name, withLocale(props))) });
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
