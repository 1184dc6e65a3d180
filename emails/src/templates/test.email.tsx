import { Text } from '@react-email/components';
import { Layout, Title, brand } from '../components/layout.js';
import { emailText, type Locale } from '../i18n/index.js';

export interface TestEmailProps {
  recipient: string;
  requestedAt: string;
  note?: string;
  locale?: Locale;
}

export const testEmailSubject = (p: TestEmailProps) => emailText(p.locale).test.subject;

/** Proves the event → job → email pipeline end to end. */
export function TestEmail({ recipient, requestedAt, note, locale }: TestEmailProps) {
  const c = emailText(locale).test;
  return (
    <Layout locale={locale} preview={c.preview} reason={c.reason(recipient)}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15, lineHeight: '22px' }}>{c.body}</Text>
      {note ? <Text style={{ fontSize: 15, lineHeight: '22px', fontStyle: 'italic' }}>{c.note(note)}</Text> : null}
      <Text style={{ fontSize: 13, color: brand.muted }}>{c.requestedAt(requestedAt)}</Text>
    </Layout>
  );
}

TestEmail.PreviewProps = {
  recipient: 'student@example.com',
  requestedAt: '2026-11-22T10:00:00.000Z',
  note: 'Hello from the preview server',
} satisfies TestEmailProps;

export default TestEmail;
