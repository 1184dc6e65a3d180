import type { ReactNode } from 'react';
import { Body, Container, Head, Heading, Hr, Html, Link, Section, Text } from '@react-email/components';
import { Preview } from './preview.js';
import { emailText, type Locale } from '../i18n/index.js';

export const brand = {
  name: 'Mashrou',
  color: '#0f766e',
  ink: '#1f2937',
  muted: '#6b7280',
};

export interface LayoutProps {
  /** The language of the email (English when left out): Arabic is laid out right to left. */
  locale?: Locale;
  /** The one-line preview mail clients show next to the subject. */
  preview: string;
  /** Why the recipient got this email (DESIGN §4). */
  reason: string;
  /** For notifications: where to turn them off. Transactional mail leaves it out. */
  preferencesUrl?: string;
  children: ReactNode;
}

/** The shared frame of every Mashrou email. */
export function Layout({ locale, preview, reason, preferencesUrl, children }: LayoutProps) {
  const c = emailText(locale);
  // Right to left: on the body and again on the card, as some mail clients drop the <html> and <body> attributes.
  const dir = c.dir === 'rtl' ? ({ dir: 'rtl' } as const) : {};
  const align = c.dir === 'rtl' ? ({ direction: 'rtl', textAlign: 'right' } as const) : {};
  return (
    <Html lang={c.lang} dir={c.dir}>
      <Head />
      <Preview>{preview}</Preview>
      <Body {...dir} style={{ backgroundColor: '#f3f4f6', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, ...align }}>
        <Container {...dir} style={{ maxWidth: 560, margin: '24px auto', backgroundColor: '#ffffff', borderRadius: 8, ...align }}>
          <Section style={{ backgroundColor: brand.color, borderRadius: '8px 8px 0 0', padding: '16px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: 20, fontWeight: 700, margin: 0 }}>{c.layout.brand}</Text>
          </Section>
          <Section style={{ padding: '8px 24px 16px', color: brand.ink }}>{children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: 0 }} />
          <Section style={{ padding: '12px 24px 20px' }}>
            <Text style={{ color: brand.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>{reason}</Text>
            {preferencesUrl ? (
              <Text style={{ color: brand.muted, fontSize: 12, lineHeight: '18px', margin: '8px 0 0' }}>
                {c.layout.preferences(
                  <Link href={preferencesUrl} style={{ color: brand.color }}>
                    {c.layout.preferencesLink}
                  </Link>,
                )}
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** An email's heading. */
export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ fontSize: 22, color: brand.ink }}>
      {children}
    </Heading>
  );
}
