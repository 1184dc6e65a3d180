import { z } from 'zod';
import { Id, Locale, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { WITHDRAW_REASON_MAX } from './values.js';

/** A certificate's public code: 26 characters of base32 (130 random bits), in the verify address. */
export const CertificateCode = z
  .string()
  .regex(/^[a-z2-7]{26}$/, 'invalid')
  .describe('A certificate code');

/** What a certificate states, as anyone with its code reads it at /verify/<code>. */
export const CertificateFacts = z.strictObject({
  code: CertificateCode,
  studentName: z.string(),
  projectTitle: z.string(),
  companyName: z.string(),
  /** The day the company accepted the student, and the day it marked the work complete. */
  startedOn: z.string(),
  completedOn: z.string(),
  skills: z.array(z.string()),
  /** The company's overall mark of the student (1–5), when the student chose to show it. */
  rating: z.number().nullable(),
  issuedAt: Timestamp,
  /** Withdrawn by an admin: the page says so, and why. */
  withdrawnAt: Timestamp.nullable(),
  withdrawnReason: z.string().nullable(),
});
export type CertificateFacts = z.output<typeof CertificateFacts>;

/** The certificate as the workspace shows it to its student (and admins). */
export const Certificate = CertificateFacts.extend({
  /** The student chose to show the company's mark on it (shown only once the company's review shows). */
  showRating: z.boolean(),
});
export type Certificate = z.output<typeof Certificate>;

const ApplicationParams = z.strictObject({ id: Id });

export const CertificateQuery = z.strictObject({
  /** The PDF's language: the student's own unless asked. */
  lang: Locale.optional(),
});
export const CertificateSettingsBody = z.strictObject({ showRating: z.boolean() });
export const WithdrawCertificateBody = z.strictObject({
  reason: z.string().trim().min(1, 'required').max(WITHDRAW_REASON_MAX, 'too-long'),
});

export const certificates = {
  pdf: endpoint({
    method: 'GET',
    path: '/applications/:id/certificate/pdf',
    tag: 'certificates',
    status: 200,
    access: ['student', 'admin'],
    errors: { 404: ['application-not-found', 'certificate-not-found'], 429: ['too-many-requests'] },
    params: ApplicationParams,
    query: CertificateQuery,
    response: 'binary',
    summary: 'The certificate of a completed engagement as a PDF (English or Arabic), with a QR code to its public page',
  }),
  settings: endpoint({
    method: 'PUT',
    path: '/applications/:id/certificate',
    tag: 'certificates',
    status: 200,
    access: ['student'],
    errors: { 404: ['application-not-found', 'certificate-not-found'] },
    params: ApplicationParams,
    body: CertificateSettingsBody,
    response: Certificate,
    summary: "Choose whether the certificate shows the company's mark",
  }),
  verify: endpoint({
    method: 'GET',
    path: '/certificates/:code',
    tag: 'certificates',
    status: 200,
    access: 'public',
    errors: { 404: ['certificate-not-found'], 429: ['too-many-requests'] },
    params: z.strictObject({ code: CertificateCode }),
    response: CertificateFacts,
    summary: 'What a certificate states, for anyone with its code (also when withdrawn, saying so)',
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/admin/certificates/:id/withdraw',
    tag: 'certificates',
    status: 200,
    access: ['admin'],
    errors: { 404: ['application-not-found', 'certificate-not-found'] },
    params: ApplicationParams,
    body: WithdrawCertificateBody,
    response: Certificate,
    summary: "Withdraw an application's certificate, with a reason its public page shows; in the audit log",
  }),
};
