import { useMutation } from '@tanstack/react-query';
import { type BodyOf, SendEmailBody } from '@mashrou/contracts';
import { notifications } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

/** The address to send to (the kind of email and the name are the page's). */
export const TestEmailFormSchema = SendEmailBody.pick({ email: true });

export const sendTestEmail = (body: BodyOf<typeof notifications.sendEmail>) => call(notifications.sendEmail, { body });

export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });
