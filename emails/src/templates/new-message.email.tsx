import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { Button } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** To the other side of a conversation on an application: someone wrote (never the message itself). */
export interface NewMessageEmailProps {
  fullName: string;
  senderName: string;
  projectTitle: string;
  threadUrl: string;
  preferencesUrl: string;
  locale?: Locale;
}

export const newMessageSubject = (p: NewMessageEmailProps) =>
  emailText(p.locale).newMessage.subject(p.senderName, p.projectTitle);

export function NewMessageEmail(p: NewMessageEmailProps) {
  const c = emailText(p.locale).newMessage;
  return (
    <Layout locale={p.locale} preview={c.preview(p.senderName)} reason={c.reason} preferencesUrl={p.preferencesUrl}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(p.fullName, p.senderName, p.projectTitle)}</Text>
      <Button href={p.threadUrl}>{c.button}</Button>
    </Layout>
  );
}

NewMessageEmail.PreviewProps = {
  fullName: 'Lina Haddad',
  senderName: 'Fintech Labs',
  projectTitle: 'Market research for a fintech app',
  threadUrl: 'http://localhost:5173/dashboard/my-applications',
  preferencesUrl: 'http://localhost:5173/dashboard/settings',
} satisfies NewMessageEmailProps;
export default NewMessageEmail;
