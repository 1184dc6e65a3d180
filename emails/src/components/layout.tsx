import type { ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Link, Section, Text } from '@react-email/components';
import { Preview } from './preview.js';

export const brand = {
  name: 'Mashrou',
  color: '#0f766e',
  ink: '#1f2937',
  muted: '#6b7280',
};

export interface LayoutProps {
  /** The one-line preview mail clients show next to the subject. */
  preview: string;
  /** Why the recipient got this email (DESIGN §4). */
  reason: string;
  /** For notifications: where to turn them off. Transactional mail leaves it out. */
  preferencesUrl?: string;
  children: ReactNode;
}

/** The shared frame of every Mashrou email. */
export function Layout({ preview, reason, preferencesUrl, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 }}>
        <Container style={{ maxWidth: 560, margin: '24px auto', backgroundColor: '#ffffff', borderRadius: 8 }}>
          <Section style={{ backgroundColor: brand.color, borderRadius: '8px 8px 0 0', padding: '16px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: 20, fontWeight: 700, margin: 0 }}>{brand.name}</Text>
          </Section>
          <Section style={{ padding: '8px 24px 16px', color: brand.ink }}>{children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: 0 }} />
          <Section style={{ padding: '12px 24px 20px' }}>
            <Text style={{ color: brand.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>{reason}</Text>
            {preferencesUrl ? (
              <Text style={{ color: brand.muted, fontSize: 12, lineHeight: '18px', margin: '8px 0 0' }}>
                You can turn these emails off in your{' '}
                <Link href={preferencesUrl} style={{ color: brand.color }}>
                  account settings
                </Link>
                .
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
