import type { EmailCatalogue } from './catalogue.js';

const STATUS: Record<string, string> = {
  under_review: 'is under review',
  shortlisted: 'was shortlisted',
  accepted: 'was accepted',
  rejected: 'was not selected',
};
const status = (s: string) => STATUS[s] ?? 'was updated';
const SPACE = ' ';

/** The English emails (the original wording: keep each sentence's pieces, the HTML depends on them). */
export const en: EmailCatalogue = {
  lang: 'en',
  dir: 'ltr',
  layout: {
    brand: 'Mashrou',
    // The space is a text node of its own, as in the original template (Prettier would fold a {' '} into the text).
    preferences: (link) => (
      <>
        You can turn these emails off in your{SPACE}
        {link}.
      </>
    ),
    preferencesLink: 'account settings',
  },
  test: {
    subject: 'Mashrou test email',
    preview: 'Your Mashrou email delivery works.',
    reason: (recipient) => `You received this because a Mashrou operator sent a test email to ${recipient}.`,
    heading: 'Email delivery works',
    body: "This test email went through Mashrou's outbox, job queue and mail worker, and reached you.",
    note: (note) => <>“{note}”</>,
    requestedAt: (at) => <>Requested at {at}</>,
  },
  verificationCode: {
    subject: (code) => `${code} is your Mashrou verification code`,
    preview: (code) => `Your verification code is ${code}`,
    reason:
      'You received this because someone signed up to Mashrou with this email address. If it was not you, ignore this email.',
    heading: 'Verify your email',
    intro: (fullName) => <>Hi {fullName}, enter this code on Mashrou to verify your email address:</>,
    expiry: (minutes) => <>The code expires in {minutes} minutes and works once.</>,
  },
  passwordReset: {
    subject: 'Reset your Mashrou password',
    preview: 'Set a new password for your Mashrou account',
    reason:
      'You received this because a password reset was requested for your Mashrou account. If it was not you, ignore this email: your password stays the same.',
    heading: 'Reset your password',
    body: (fullName, minutes) => (
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
    heading: (fullName) => <>Welcome, {fullName}!</>,
    next: {
      student:
        'Verify your email, tell us about your studies and take the short skills assessment — then browse projects and apply.',
      startup: 'Verify your email and book your intro call with our team — then post your first project.',
    },
    button: 'Open your dashboard',
  },
  adminSignup: {
    subject: (userType, fullName) => `New ${userType === 'startup' ? 'company' : userType} signup: ${fullName}`,
    preview: (fullName) => `${fullName} just signed up`,
    reason: 'You received this because you are a Mashrou admin and signup notifications are on.',
    heading: 'New signup',
    name: 'Name:',
    email: 'Email:',
    type: 'Type:',
    company: 'Company:',
    signedUp: 'Signed up:',
    typeValue: (userType) => (userType === 'startup' ? 'Company' : 'Student'),
    button: 'Open the admin dashboard',
  },
  onboardingComplete: {
    subject: 'Your Mashrou profile is complete',
    preview: 'You are all set on Mashrou',
    reason: 'You received this because you finished setting up your Mashrou account.',
    heading: (fullName) => <>You're all set, {fullName}</>,
    body: {
      student:
        'Your profile is complete. Take the skills assessment so companies see what you can do, then browse projects and apply.',
      startup: 'Your company account is ready. Post your first project and we will review it quickly.',
    },
    button: 'Go to your dashboard',
  },
  projectReviewed: {
    subject: (title, approved) => (approved ? `Your project "${title}" is live` : `Your project "${title}" needs changes`),
    reason: 'You received this because you posted this project on Mashrou.',
    heading: (approved) => (approved ? 'Your project is live' : 'Your project needs changes'),
    body: (fullName, title, approved) => (
      <>
        Hi {fullName},{' '}
        {approved ? `"${title}" was approved and students can now find it and apply.` : `"${title}" was not approved yet.`}
      </>
    ),
    rejectionReason: (reason) => <>Reason: {reason}</>,
    editAgain: 'Edit the project and it will be reviewed again.',
    button: 'Open the project',
  },
  applicationSubmitted: {
    subject: (title) => `New applicant for "${title}"`,
    preview: (studentName, title) => `${studentName} applied to ${title}`,
    someStudent: 'A student',
    reason: 'You received this because you posted this project on Mashrou.',
    heading: 'New applicant',
    body: (fullName, studentName, title) => (
      <>
        Hi {fullName}, {studentName} applied to "{title}". Review their profile, assessment and motivation on Mashrou.
      </>
    ),
    button: 'Review applicants',
  },
  projectSubmitted: {
    subject: (title) => `Project to review: "${title}"`,
    preview: (companyName, title) => `${companyName} submitted ${title}`,
    reason: 'You received this because you are a Mashrou admin and notifications are on.',
    heading: 'A project waits for review',
    body: (fullName, companyName, title) => (
      <>
        Hi {fullName}, {companyName} submitted "{title}". Students see it once an admin approves it.
      </>
    ),
    button: 'Review projects',
  },
  newMessage: {
    subject: (sender, title) => `New message from ${sender} about "${title}"`,
    preview: (sender) => `A new message from ${sender}`,
    reason:
      'You received this because notifications are on for your Mashrou account. We send at most one email per conversation every 10 minutes.',
    heading: 'You have a new message',
    body: (fullName, sender, title) => (
      <>
        Hi {fullName}, {sender} wrote to you about "{title}". Read it and answer on Mashrou.
      </>
    ),
    button: 'Read and reply',
  },
  applicationWithdrawn: {
    subject: (title) => `An applicant withdrew from "${title}"`,
    preview: (studentName, title) => `${studentName} withdrew their application to ${title}`,
    reason: 'You received this because you posted this project on Mashrou.',
    heading: 'Application withdrawn',
    body: (fullName, studentName, title) => (
      <>
        Hi {fullName}, {studentName} withdrew their application to "{title}". It no longer needs an answer.
      </>
    ),
    button: 'See your applicants',
  },
  applicationStatus: {
    subject: (title, s) => `Your application to "${title}" ${status(s)}`,
    reason: 'You received this because you applied to this project on Mashrou.',
    heading: 'Application update',
    body: (fullName, title, s) => (
      <>
        Hi {fullName}, your application to "{title}" {status(s)}.
      </>
    ),
    note: (notes) => <>Note from the company: {notes}</>,
    contact: (companyName, fullName, email) => (
      <>
        Your contact at {companyName}: {fullName}, {email}. Write to them to agree on the next steps.
      </>
    ),
    button: 'See your applications',
  },
  candidateInvited: {
    subject: (title) => `You're invited to apply: "${title}"`,
    preview: (companyName) => `${companyName} is looking for someone like you`,
    reason: 'You received this because the Mashrou team matched your profile to this project.',
    heading: 'A project that fits you',
    body: (fullName, title, companyName) => (
      <>
        Hi {fullName}, the Mashrou team thinks you would be a great fit for "{title}" at {companyName}, and invites you to apply.
      </>
    ),
    why: (reasons) => <>Why you: {reasons}</>,
    button: 'See the project',
  },
  applicationsClosed: {
    subject: (title) => `Applications to "${title}" have closed`,
    reason: 'You received this because you applied to this project on Mashrou.',
    heading: 'Applications have closed',
    body: (fullName, title, company, cause) =>
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
    subject: (title, kind) =>
      ({
        deadline: `Applications to "${title}" closed on its deadline`,
        closed: `Your project "${title}" was closed by Mashrou`,
        reopened: `Your project "${title}" is open again`,
        edited: `We corrected the listing of "${title}"`,
      })[kind],
    reason: 'You received this because you posted this project on Mashrou.',
    heading: (kind) =>
      ({
        deadline: 'Applications have closed',
        closed: 'Your project was closed',
        reopened: 'Your project is open again',
        edited: 'We corrected your listing',
      })[kind],
    body: (fullName, title, kind) => (
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
    waiting: (count) => (
      <>{count === 1 ? '1 applicant is waiting for your answer.' : `${String(count)} applicants are waiting for your answer.`}</>
    ),
    adminReason: (reason) => <>Reason: {reason}</>,
    changed: (fields) => <>Changed: {fields}</>,
    fieldNames: {
      title: 'title',
      description: 'description',
      location: 'location',
      requirements: 'requirements',
      responsibilities: 'responsibilities',
      qualifications: 'qualifications',
    },
    button: 'Open the project',
  },
  waitingDigest: {
    subject: (count) =>
      count === 1 ? 'One applicant has waited more than a week' : `${String(count)} applicants have waited more than a week`,
    reason: 'You received this weekly summary because you posted projects on Mashrou.',
    heading: 'Applicants are waiting for your answer',
    body: (fullName, count) => (
      <>
        Hi {fullName}, {count === 1 ? 'one applicant has' : `${String(count)} applicants have`} waited more than 7 days for an
        answer. Even a no helps them move on.
      </>
    ),
    project: (title, count) => (
      <>
        {title}: {count === 1 ? '1 applicant' : `${String(count)} applicants`}
      </>
    ),
    button: 'Answer your applicants',
  },
  emailChangeCode: {
    subject: (code) => `${code} is your code to change your Mashrou email`,
    preview: 'Confirm your new email address on Mashrou',
    reason:
      'You received this because someone asked to move a Mashrou account to this email address. If it was not you, ignore this email: nothing changes.',
    heading: 'Confirm your new email',
    intro: (fullName) => <>Hi {fullName}, enter this code in Settings on Mashrou to use this address for your account:</>,
    expiry: (minutes) => <>The code expires in {minutes} minutes and works once.</>,
  },
  providerLinkCode: {
    subject: (code, provider) => `${code} is your code to link ${provider} to Mashrou`,
    preview: (provider) => `Confirm it is you before ${provider} is linked to your Mashrou account`,
    reason: (provider) =>
      `You received this because someone signed in with ${provider} using this email address and asked to link it to your Mashrou account. If it was not you, ignore this email: nothing changes.`,
    heading: 'Confirm it is you',
    intro: (fullName, provider) => (
      <>
        Hi {fullName}, enter this code on Mashrou&apos;s sign-in page to link {provider} to your account. After that, you can sign
        in with {provider} or with your password.
      </>
    ),
    expiry: (minutes) => <>The code expires in {minutes} minutes and works once.</>,
  },
  emailChanged: {
    subject: 'Your Mashrou email address was changed',
    preview: 'Your account now uses a new email address',
    reason: 'You received this because this address was the email of a Mashrou account until now.',
    heading: 'Your email address was changed',
    body: (fullName, hint) => (
      <>
        Hi {fullName}, your Mashrou account now signs in with <span dir="ltr">{hint}</span>. Emails about the account go there
        from now on.
      </>
    ),
    notYou: (days) => (
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
    body: (fullName, hours) => (
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
    body: (fullName, title) => (
      <>
        Hi {fullName}, the company behind "{title}" has left Mashrou, so the project is closed and your application will not get
        an answer. Other projects may suit you just as well.
      </>
    ),
    button: 'Browse projects',
  },
};
