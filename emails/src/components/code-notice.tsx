import { Section, Text } from '@react-email/components';
import { Layout, Title, brand } from './layout.js';
import type { EmailCatalogue, Locale } from '../i18n/index.js';

/** What an email carrying a one-time code (verifying an address, changing it) is made of. */
export interface CodeNoticeProps {
  fullName: string;
  code: string;
  minutes: number;
  locale?: Locale;
}

/** The texts of a code email, in one language. */
export type CodeNoticeTexts = Pick<EmailCatalogue['verificationCode'], 'reason' | 'heading' | 'intro' | 'expiry'>;

/** An email with a one-time code: greeting, the code large and centred, how long it lasts. */
export function CodeNotice({ p, c, preview }: { p: CodeNoticeProps; c: CodeNoticeTexts; preview: string }) {
  return (
    <Layout locale={p.locale} preview={preview} reason={c.reason}>
      <Title>{c.heading}</Title>
      <Text style={{ fontSize: 15 }}>{c.intro(p.fullName)}</Text>
      <Section style={{ textAlign: 'center', margin: '16px 0' }}>
        <Text style={{ fontSize: 32, fontWeight: 700, letterSpacing: 8, color: brand.color, margin: 0 }}>{p.code}</Text>
      </Section>
      <Text style={{ fontSize: 14, color: brand.muted }}>{c.expiry(p.minutes)}</Text>
    </Layout>
  );
}
