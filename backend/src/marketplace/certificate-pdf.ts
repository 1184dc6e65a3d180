import { createRequire } from 'node:module';
import { createElement as h } from 'react';
import { Document, Font, Image, Page, Text, View, renderToBuffer, StyleSheet } from '@react-pdf/renderer';
import QRCode from 'qrcode';
import type { CertificateFacts, Locale } from '@mashrou/contracts';

/*
 * The certificate as a PDF, in English or in Arabic (right to left, its letters joined: react-pdf
 * shapes and orders mixed text with the Unicode bidirectional algorithm). One font, DejaVu Sans,
 * carries both scripts, so a Latin name on an Arabic certificate needs no second font.
 */
const require = createRequire(import.meta.url);
Font.register({
  family: 'DejaVu',
  fonts: [
    { src: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf') },
    { src: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
  ],
});
// Words are never split with hyphens (Arabic has none; names must stay whole).
Font.registerHyphenationCallback((word) => [word]);

const TEXTS = {
  en: {
    title: 'Certificate of project completion',
    certifies: 'This certifies that',
    completed: 'completed the project',
    with: 'with',
    dates: (from: string, to: string) => `from ${from} to ${to}`,
    skills: 'Skills practised',
    rating: (n: string) => `Rated ${n} / 5 by the company`,
    verify: 'Check this certificate at',
    code: 'Code',
    issued: (d: string) => `Issued by Mashrou on ${d}`,
  },
  ar: {
    title: 'شهادة إتمام مشروع',
    certifies: 'تشهد «مشروع» بأن',
    completed: 'أتمّ المشروع',
    with: 'مع',
    dates: (from: string, to: string) => `من ${from} إلى ${to}`,
    skills: 'المهارات التي مارسها',
    rating: (n: string) => `تقييم الشركة: ${n} من 5`,
    verify: 'تحقّق من هذه الشهادة على',
    code: 'الرمز',
    issued: (d: string) => `أصدرتها «مشروع» في ${d}`,
  },
} as const;

const styles = StyleSheet.create({
  page: { fontFamily: 'DejaVu', padding: 40, backgroundColor: '#ffffff', color: '#1a1b1e' },
  frame: { flex: 1, borderWidth: 3, borderColor: '#0c7a6b', padding: 32, justifyContent: 'space-between' },
  brand: { fontSize: 14, fontWeight: 'bold', color: '#0c7a6b' },
  title: { fontSize: 28, fontWeight: 'bold', marginTop: 12, marginBottom: 18 },
  line: { fontSize: 14, marginBottom: 6, color: '#495057' },
  name: { fontSize: 24, fontWeight: 'bold', marginBottom: 8 },
  project: { fontSize: 18, fontWeight: 'bold', marginBottom: 6 },
  small: { fontSize: 10, color: '#495057' },
  footer: { flexDirection: 'row', alignItems: 'flex-end', justifyContent: 'space-between' },
});

/** The certificate's PDF: its facts, the address of its public page, and a QR code to it. */
export async function certificatePdf(facts: CertificateFacts, locale: Locale, verifyUrl: string): Promise<Buffer> {
  const c = TEXTS[locale];
  const rtl = locale === 'ar';
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
  const align = { textAlign: rtl ? 'right' : 'left', direction: rtl ? 'rtl' : 'ltr' } as const;
  const text = (style: (typeof styles)[keyof typeof styles], children: string) =>
    h(Text, { style: { ...style, ...align } }, children);
  const qr = await QRCode.toDataURL(verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const doc = h(
    Document,
    { title: `${c.title} — ${facts.studentName}`, author: 'Mashrou', language: locale },
    h(
      Page,
      { size: 'A4', orientation: 'landscape', style: styles.page },
      h(
        View,
        { style: styles.frame },
        h(
          View,
          null,
          text(styles.brand, locale === 'ar' ? 'مشروع · Mashrou' : 'Mashrou'),
          text(styles.title, c.title),
          text(styles.line, c.certifies),
          text(styles.name, facts.studentName),
          text(styles.line, c.completed),
          text(styles.project, facts.projectTitle),
          text(styles.line, `${c.with} ${facts.companyName}`),
          text(styles.line, c.dates(day(facts.startedOn), day(facts.completedOn))),
          facts.skills.length ? text(styles.line, `${c.skills}: ${facts.skills.join(rtl ? '، ' : ', ')}`) : null,
          facts.rating !== null ? text(styles.line, c.rating(facts.rating.toFixed(1))) : null,
        ),
        h(
          View,
          { style: { ...styles.footer, flexDirection: rtl ? 'row-reverse' : 'row' } },
          h(
            View,
            { style: { maxWidth: '70%' } },
            text(styles.small, c.verify),
            h(Text, { style: { ...styles.small, direction: 'ltr', textAlign: rtl ? 'right' : 'left' } }, verifyUrl),
            text(styles.small, `${c.code}: ${facts.code}`),
            text(styles.small, c.issued(day(facts.issuedAt))),
          ),
          h(Image, { src: qr, style: { width: 96, height: 96 } }),
        ),
      ),
    ),
  );
  return renderToBuffer(doc);
}
