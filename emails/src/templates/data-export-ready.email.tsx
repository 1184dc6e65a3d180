import { Text } from '@react-email/components';
import { Layout, Title } from '../components/layout.js';
import { ButtonWithLink } from '../components/button.js';
import { emailText, type Locale } from '../i18n/index.js';

/** A data export is ready: the link works for its owner, signed in, until it expires. */
export interface DataExportReadyEmailProps {
  fullName: string;
  downloadUrl: string;
  hours: number;
  locale?: Locale;
}

export const dataExportReadySubject = (p: DataExportReadyEmailProps) => emailText(p.locale).dataExportReady.subject;

export function DataExportReadyEmail({ fullName, downloadUrl, hours, locale }: DataExportReadyEmailProps) {
  const c = emailText(locale).dataExportReady;
  return (
    <Layout locale={locale} preview={c.preview} reason={c.reason}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.body(fullName, hours)}</Text>
      <ButtonWithLink href={downloadUrl} pasteLink={c.pasteLink}>
        {c.button}
      </ButtonWithLink>
    </Layout>
  );
}

DataExportReadyEmail.PreviewProps = {
  fullName: 'Layla Haddad',
  downloadUrl: 'http://localhost:5173/dashboard/settings?export=preview',
  hours: 24,
} satisfies DataExportReadyEmailProps;
export default DataExportReadyEmail;
