import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const SendEmailBody = z.strictObject({
  type: z.enum(['signup', 'onboarding_complete', 'test']),
  userId: z.string().max(64).optional(),
  email: z
    .string()
    .trim()
    .max(254, 'too-long')
    .pipe(z.email({ message: 'invalid-email' })),
  fullName: z.string().trim().max(120).optional(),
});

export const TestEmailBody = z.strictObject({
  to: z.email({ message: 'invalid-email' }).max(254, 'too-long'),
  note: z.string().trim().max(500).optional(),
  simulateFailure: z.boolean().optional(),
});

export const notifications = {
  sendEmail: endpoint({
    method: 'POST',
    path: '/notifications-send-email',
    tag: 'notifications',
    status: 202,
    body: SendEmailBody,
    response: z.strictObject({ success: z.literal(true), message: z.string() }),
    summary: 'Send a test notification email (admins only; spec §7)',
  }),
  devTestEmail: endpoint({
    method: 'POST',
    path: '/dev/test-email',
    tag: 'dev',
    status: 202,
    body: TestEmailBody,
    response: z.strictObject({ eventId: z.uuid(), status: z.literal('queued') }),
    summary: 'Queue a test email (development only: DEV_TOOLS)',
  }),
};
