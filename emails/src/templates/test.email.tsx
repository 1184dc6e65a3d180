import { Heading, Text } from '@react-email/components';
import { Layout, brand } from '../components/layout.js';

export interface TestEmailProps {
  recipient: string;
  requestedAt: string;
  note?: string;
}

export const testEmailSubject = () => 'Mashrou test email';

/** Proves the event → job → email pipeline end to end. */
export function TestEmail({ recipient, requestedAt, note }: TestEmailProps) {
  return (
    <Layout
      preview="Your Mashrou email delivery works."
      reason={`You received this because a Mashrou operator sent a test email to ${recipient}.`}
    >
      <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
        Email delivery works
      </Heading>
      <Text style={{ fontSize: 15, lineHeight: '22px' }}>
        This test email went through Mashrou&apos;s outbox, job queue and mail worker, and reached you.
      </Text>
      {note ? <Text style={{ fontSize: 15, lineHeight: '22px', fontStyle: 'italic' }}>“{note}”</Text> : null}
      <Text style={{ fontSize: 13, color: brand.muted }}>Requested at {requestedAt}</Text>
    </Layout>
  );
}

TestEmail.PreviewProps = {
  recipient: 'student@example.com',
  requestedAt: '2026-11-22T10:00:00.000Z',
  note: 'Hello from the preview server',
} satisfies TestEmailProps;

export default TestEmail;
