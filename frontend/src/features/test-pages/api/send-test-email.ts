import { useMutation } from '@tanstack/react-query';
import { api, SendEmailBody, type BodyOf } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

/** The address to send to (the kind of email and the name are the page's). */
export const TestEmailFormSchema = SendEmailBody.pick({ email: true });

export const sendTestEmail = (body: BodyOf<typeof api.notifications.sendEmail>) => call(api.notifications.sendEmail, { body });

export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });
