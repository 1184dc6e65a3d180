import type { ReactNode } from 'react';
import type { Locale, NoticeKind } from './catalogue.js';

const STATUS: Record<string, string> = {
  under_review: 'is under review',
  shortlisted: 'was shortlisted',
  accepted: 'was accepted',
  rejected: 'was not selected',
};
const status = (s: string) => STATUS[s] ?? 'was updated';
const SPACE = ' ';

/** The English emails (the original wording: keep each sentence's pieces, the HTML depends on them). */
export const en = {
  lang: 'en' as Locale,
  dir: 'ltr' as 'ltr' | 'rtl',
  layout: {
    brand: 'Mashrou',
    // The space is a text node of its own, as in the original template (Prettier would fold a {' '} into the text).
    preferences: (link: ReactNode) => (
      <>
        Don&apos;t want these emails?{SPACE}
        {link}.
      </>
    ),
    preferencesLink: 'Unsubscribe, or choose which emails you get',
  },
  test: {
    subject: 'Mashrou test email',
    preview: 'Your Mashrou email delivery works.',
    reason: (recipient: string) => `You received this because a Mashrou operator sent a test email to ${recipient}.`,
    heading: 'Email delivery works',
    body: "This test email went through Mashrou's outbox, job queue and mail worker, and reached you.",
    note: (note: string) => <>“{note}”</>,
    requestedAt: (at: string) => <>Requested at {at}</>,
  },
  verificationCode: {
    subject: (code: string) => `${code} is your Mashrou verification code`,
    preview: (code: string) => `Your verification code is ${code}`,
    reason:
      'You received this because someone signed up to Mashrou with this email address. If it was not you, ignore this email.',
    heading: 'Verify your email',
    intro: (fullName: string) => <>Hi {fullName}, enter this code on Mashrou to verify your email address:</>,
    expiry: (minutes: number) => <>The code expires in {minutes} minutes and works once.</>,
  },
  passwordReset: {
    subject: 'Reset your Mashrou password',
    preview: 'Set a new password for your Mashrou account',
    reason:
      'You received this because a password reset was requested for your Mashrou account. If it was not you, ignore this email: your password stays the same.',
    heading: 'Reset your password',
    body: (fullName: string, minutes: number) => (
      <>
        Hi {fullName}, follow this link to choose a new password. It works once and expires in {minutes} minutes. Setting a new
        password signs you out everywhere.
      </>
    ),
    button: 'Choose a new password',
    pasteLink: 'Or paste this link into your browser: ',
  },
  welcome: {
    subject: 'Welcome to Mashrou',
    preview: 'Your Mashrou account is ready',
    reason: 'You received this because you created a Mashrou account.',
    heading: (fullName: string) => <>Welcome, {fullName}!</>,
    next: {
      student:
        'Verify your email, tell us about your studies and take the short skills assessment — then browse projects and apply.',
      startup: 'Verify your email and book your intro call with our team — then post your first project.',
    },
    button: 'Open your dashboard',
  },
  adminSignup: {
    subject: (userType: string, fullName: string) => `New ${userType === 'startup' ? 'company' : userType} signup: ${fullName}`,
    preview: (fullName: string) => `${fullName} just signed up`,
    reason: 'You received this because you are a Mashrou admin and signup notifications are on.',
    heading: 'New signup',
    name: 'Name:',
    email: 'Email:',
    type: 'Type:',
    company: 'Company:',
    signedUp: 'Signed up:',
    typeValue: (userType: string): string => (userType === 'startup' ? 'Company' : 'Student'),
    button: 'Open the admin dashboard',
  },
  onboardingComplete: {
    subject: 'Your Mashrou profile is complete',
    preview: 'You are all set on Mashrou',
    reason: 'You received this because you finished setting up your Mashrou account.',
    heading: (fullName: string) => <>You're all set, {fullName}</>,
    body: {
      student:
        'Your profile is complete. Take the skills assessment so companies see what you can do, then browse projects and apply.',
      startup: 'Your company account is ready. Post your first project and we will review it quickly.',
    },
    button: 'Go to your dashboard',
  },
  projectReviewed: {
    subject: (title: string, approved: boolean) =>
      approved ? `Your project "${title}" is live` : `Your project "${title}" needs changes`,
    reason: 'You received this because you posted this project on Mashrou.',
    heading: (approved: boolean): string => (approved ? 'Your project is live' : 'Your project needs changes'),
    body: (fullName: string, title: string, approved: boolean) => (
      <>
        Hi {fullName},{' '}
        {approved ? `"${title}" was approved and students can now find it and apply.` : `"${title}" was not approved yet.`}
      </>
    ),
    rejectionReason: (reason: string) => <>Reason: {reason}</>,
    editAgain: 'Edit the project and it will be reviewed again.',
    button: 'Open the project',
  },
  applicationSubmitted: {
    subject: (title: string) => `New applicant for "${title}"`,
    preview: (studentName: string, title: string) => `${studentName} applied to ${title}`,
    someStudent: 'A student',
    reason: 'You received this because you posted this project on Mashrou.',
    heading: 'New applicant',
    body: (fullName: string, studentName: string, title: string) => (
      <>
        Hi {fullName}, {studentName} applied to "{title}". Review their profile, assessment and motivation on Mashrou.
      </>
    ),
    button: 'Review applicants',
  },
  applicantsSummary: {
    subject: (count: number) =>
      count === 1 ? 'A new applicant for your projects' : `${String(count)} new applicants for your projects`,
    reason:
      'You received this because you posted projects on Mashrou. After an email about a new applicant, the next ones are gathered into one email.',
    heading: 'New applicants',
    body: (fullName: string, count: number) => (
      <>
        Hi {fullName}, {count === 1 ? 'one more student has' : `${String(count)} more students have`} applied since our last
        email:
      </>
    ),
    applicant: (studentName: string, title: string) => (
      <>
        {studentName} applied to "{title}"
      </>
    ),
    more: (count: number) => <>and {count === 1 ? 'one more' : `${String(count)} more`}</>,
    button: 'Review applicants',
  },
  projectSubmitted: {
    subject: (title: string) => `Project to review: "${title}"`,
    preview: (companyName: string, title: string) => `${companyName} submitted ${title}`,
    reason: 'You received this because you are a Mashrou admin and notifications are on.',
    heading: 'A project waits for review',
    body: (fullName: string, companyName: string, title: string) => (
      <>
        Hi {fullName}, {companyName} submitted "{title}". Students see it once an admin approves it.
      </>
    ),
    button: 'Review projects',
  },
  newMessage: {
    subject: (sender: string, title: string) => `New message from ${sender} about "${title}"`,
    preview: (sender: string) => `A new message from ${sender}`,
    reason:
      'You received this because notifications are on for your Mashrou account. We send at most one email per conversation every 10 minutes.',
    heading: 'You have a new message',
    body: (fullName: string, sender: string, title: string) => (
      <>
        Hi {fullName}, {sender} wrote to you about "{title}". Read it and answer on Mashrou.
      </>
    ),
    button: 'Read and reply',
  },
  applicationWithdrawn: {
    subject: (title: string) => `An applicant withdrew from "${title}"`,
    preview: (studentName: string, title: string) => `${studentName} withdrew their application to ${title}`,
    reason: 'You received this because you posted this project on Mashrou.',
    heading: 'Application withdrawn',
    body: (fullName: string, studentName: string, title: string) => (
      <>
        Hi {fullName}, {studentName} withdrew their application to "{title}". It no longer needs an answer.
      </>
    ),
    button: 'See your applicants',
  },
  applicationStatus: {
    subject: (title: string, s: string) => `Your application to "${title}" ${status(s)}`,
    reason: 'You received this because you applied to this project on Mashrou.',
    heading: 'Application update',
    body: (fullName: string, title: string, s: string) => (
      <>
        Hi {fullName}, your application to "{title}" {status(s)}.
      </>
    ),
    note: (notes: string) => <>Note from the company: {notes}</>,
    contact: (companyName: string, fullName: string, email: string) => (
      <>
        Your contact at {companyName}: {fullName}, {email}. Write to them to agree on the next steps.
      </>
    ),
    button: 'See your applications',
  },
  candidateInvited: {
    subject: (title: string) => `You're invited to apply: "${title}"`,
    preview: (companyName: string) => `${companyName} is looking for someone like you`,
    reason: 'You received this because the Mashrou team matched your profile to this project.',
    heading: 'A project that fits you',
    body: (fullName: string, title: string, companyName: string) => (
      <>
        Hi {fullName}, the Mashrou team thinks you would be a great fit for "{title}" at {companyName}, and invites you to apply.
      </>
    ),
    why: (reasons: string) => <>Why you: {reasons}</>,
    button: 'See the project',
  },
  applicationsClosed: {
    subject: (title: string) => `Applications to "${title}" have closed`,
    reason: 'You received this because you applied to this project on Mashrou.',
    heading: 'Applications have closed',
    body: (fullName: string, title: string, company: string, cause: 'deadline' | 'closed') =>
      cause === 'deadline' ? (
        <>
          Hi {fullName}, "{title}" reached its deadline and no longer takes applications. Yours stays with {company}, who can
          still answer it: we will email you when they do.
        </>
      ) : (
        <>
          Hi {fullName}, Mashrou closed "{title}": it no longer takes applications. Your application to it will not go further.
        </>
      ),
    button: 'See your applications',
  },
  projectNotice: {
    subject: (title: string, kind: NoticeKind) =>
      ({
        deadline: `Applications to "${title}" closed on its deadline`,
        closed: `Your project "${title}" was closed by Mashrou`,
        reopened: `Your project "${title}" is open again`,
        edited: `We corrected the listing of "${title}"`,
      })[kind],
    reason: 'You received this because you posted this project on Mashrou.',
    heading: (kind: NoticeKind) =>
      ({
        deadline: 'Applications have closed',
        closed: 'Your project was closed',
        reopened: 'Your project is open again',
        edited: 'We corrected your listing',
      })[kind],
    body: (fullName: string, title: string, kind: NoticeKind) => (
      <>
        Hi {fullName},{' '}
        {
          {
            deadline: `"${title}" reached its deadline, so students can no longer apply.`,
            closed: `a Mashrou admin closed "${title}": students can no longer apply.`,
            reopened: `a Mashrou admin reopened "${title}": students can apply again.`,
            edited: `a Mashrou admin corrected the wording of "${title}".`,
          }[kind]
        }
      </>
    ),
    waiting: (count: number) => (
      <>{count === 1 ? '1 applicant is waiting for your answer.' : `${String(count)} applicants are waiting for your answer.`}</>
    ),
    adminReason: (reason: string) => <>Reason: {reason}</>,
    changed: (fields: string) => <>Changed: {fields}</>,
    fieldNames: {
      title: 'title',
      description: 'description',
      location: 'location',
      requirements: 'requirements',
      responsibilities: 'responsibilities',
      qualifications: 'qualifications',
    } as Record<string, string>,
    button: 'Open the project',
  },
  waitingDigest: {
    subject: (count: number) =>
      count === 1 ? 'One applicant has waited more than a week' : `${String(count)} applicants have waited more than a week`,
    reason: 'You received this weekly summary because you posted projects on Mashrou.',
    heading: 'Applicants are waiting for your answer',
    body: (fullName: string, count: number) => (
      <>
        Hi {fullName}, {count === 1 ? 'one applicant has' : `${String(count)} applicants have`} waited more than 7 days for an
        answer. Even a no helps them move on.
      </>
    ),
    project: (title: string, count: number) => (
      <>
        {title}: {count === 1 ? '1 applicant' : `${String(count)} applicants`}
      </>
    ),
    button: 'Answer your applicants',
  },
  emailChangeCode: {
    subject: (code: string) => `${code} is your code to change your Mashrou email`,
    preview: 'Confirm your new email address on Mashrou',
    reason:
      'You received this because someone asked to move a Mashrou account to this email address. If it was not you, ignore this email: nothing changes.',
    heading: 'Confirm your new email',
    intro: (fullName: string) => <>Hi {fullName}, enter this code in Settings on Mashrou to use this address for your account:</>,
    expiry: (minutes: number) => <>The code expires in {minutes} minutes and works once.</>,
  },
  providerLinkCode: {
    subject: (code: string, provider: string) => `${code} is your code to link ${provider} to Mashrou`,
    preview: (provider: string) => `Confirm it is you before ${provider} is linked to your Mashrou account`,
    reason: (provider: string) =>
      `You received this because someone signed in with ${provider} using this email address and asked to link it to your Mashrou account. If it was not you, ignore this email: nothing changes.`,
    heading: 'Confirm it is you',
    intro: (fullName: string, provider: string) => (
      <>
        Hi {fullName}, enter this code on Mashrou&apos;s sign-in page to link {provider} to your account. After that, you can sign
        in with {provider} or with your password.
      </>
    ),
    expiry: (minutes: number) => <>The code expires in {minutes} minutes and works once.</>,
  },
  emailChanged: {
    subject: 'Your Mashrou email address was changed',
    preview: 'Your account now uses a new email address',
    reason: 'You received this because this address was the email of a Mashrou account until now.',
    heading: 'Your email address was changed',
    body: (fullName: string, hint: string) => (
      <>
        Hi {fullName}, your Mashrou account now signs in with <span dir="ltr">{hint}</span>. Emails about the account go there
        from now on.
      </>
    ),
    notYou: (days: number) => (
      <>
        Not you? Get your account back with the button below: you choose a new password, everyone signed in to the account is
        signed out, and the account uses this address again. The link works for {days} days, even if the password is changed
        meanwhile.
      </>
    ),
    button: 'Get my account back',
    pasteLink: 'Or paste this link into your browser: ',
  },
  dataExportReady: {
    subject: 'Your Mashrou data is ready to download',
    preview: 'A copy of everything we hold about your account',
    reason: 'You received this because you asked for a copy of your data in Settings on Mashrou.',
    heading: 'Your data is ready',
    body: (fullName: string, hours: number) => (
      <>
        Hi {fullName}, the copy of your data is ready: a zip file with your account, profile and activity as JSON, and your files.
        The link works for you, signed in, for {hours} hours.
      </>
    ),
    button: 'Download my data',
    pasteLink: 'Or paste this link into your browser: ',
  },
  projectClosed: {
    subject: 'A project you applied to has closed',
    preview: 'The company left Mashrou, so the project is closed',
    reason: 'You received this because you applied to this project on Mashrou and were waiting for an answer.',
    heading: 'This project has closed',
    body: (fullName: string, title: string) => (
      <>
        Hi {fullName}, the company behind "{title}" has left Mashrou, so the project is closed and your application will not get
        an answer. Other projects may suit you just as well.
      </>
    ),
    button: 'Browse projects',
  },
  deliverableSubmitted: {
    subject: (student: string, milestone: string) => `${student} handed in "${milestone}"`,
    preview: (student: string) => `${student} handed in work for you to review`,
    reason: 'You received this because notifications are on for your Mashrou account.',
    heading: 'Work to review',
    body: (fullName: string, student: string, milestone: string, title: string) => (
      <>
        Hi {fullName}, {student} handed in "{milestone}" for "{title}". Accept it or ask for changes on Mashrou.
      </>
    ),
    button: 'Review the work',
  },
  deliverableReviewed: {
    subject: (milestone: string, accepted: boolean) =>
      accepted ? `"${milestone}" was accepted` : `Changes asked for on "${milestone}"`,
    preview: (company: string, accepted: boolean) =>
      accepted ? `${company} accepted your work` : `${company} asked for changes`,
    reason: 'You received this because notifications are on for your Mashrou account.',
    heading: (accepted: boolean): string => (accepted ? 'Your work was accepted' : 'Changes asked for'),
    body: (fullName: string, company: string, milestone: string, title: string, accepted: boolean) =>
      accepted ? (
        <>
          Hi {fullName}, {company} accepted "{milestone}" for "{title}". Well done.
        </>
      ) : (
        <>
          Hi {fullName}, {company} asked for changes to "{milestone}" for "{title}". Read their feedback and hand it in again on
          Mashrou.
        </>
      ),
    button: 'Open the workspace',
  },
  milestoneOverdue: {
    subject: (milestone: string) => `"${milestone}" is overdue`,
    preview: (milestone: string) => `"${milestone}" passed its due date`,
    reason: 'You received this because notifications are on for your Mashrou account. We remind you once per milestone.',
    heading: 'A milestone is overdue',
    student: (fullName: string, milestone: string, title: string, due: string, company: string) => (
      <>
        Hi {fullName}, "{milestone}" for "{title}" was due on {due}. Hand in your work, or write to {company} if you need more
        time.
      </>
    ),
    company: (fullName: string, student: string, milestone: string, title: string, due: string) => (
      <>
        Hi {fullName}, {student} has not handed in "{milestone}" for "{title}", due on {due}. You can write to them, or give the
        milestone a new date while nothing is handed in.
      </>
    ),
    button: 'Open the workspace',
  },
  engagementEnded: {
    subject: (title: string, completed: boolean) => (completed ? `"${title}" is complete` : `"${title}" was ended early`),
    preview: (company: string, completed: boolean) =>
      completed ? `${company} marked your project complete` : `${company} ended your project early`,
    reason: 'You received this because notifications are on for your Mashrou account.',
    heading: (completed: boolean): string => (completed ? 'Your project is complete' : 'Your project was ended early'),
    body: (fullName: string, company: string, title: string, completed: boolean) =>
      completed ? (
        <>
          Hi {fullName}, {company} marked "{title}" complete: every milestone was accepted. Congratulations. You can now review
          the company; its review of your work shows once you have written yours, or in 14 days.
        </>
      ) : (
        <>
          Hi {fullName}, {company} ended "{title}" before every milestone was accepted. You can still review the company; its
          review of your work shows once you have written yours, or in 14 days.
        </>
      ),
    reasonLabel: 'Their reason:',
    button: 'Open the workspace',
  },
  searchDigest: {
    subject: (count: number) =>
      count === 1 ? 'A new project matches your saved searches' : `${String(count)} new projects match your saved searches`,
    reason: 'You received this because you asked for a daily email on a saved search. Turn it off on Mashrou.',
    heading: 'New projects for your saved searches',
    body: (fullName: string) => (
      <>Hi {fullName}, these projects were approved since your last email and match what you search for:</>
    ),
    more: (count: number) => <>and {count === 1 ? 'one more' : `${String(count)} more`} on Mashrou</>,
    project: (title: string, company: string) => (
      <>
        {title} — {company}
      </>
    ),
    button: 'Browse projects',
  },
};
