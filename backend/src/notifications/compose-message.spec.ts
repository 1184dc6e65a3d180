import { describe, expect, it } from '@jest/globals';
import MailComposer from 'nodemailer/lib/mail-composer';
import { simpleParser } from 'mailparser';
import { previewProps, renderEmail, type TemplateName, type TemplateProps } from '@mashrou/emails';
import { composeMessage, leanMessage, writeMessage, type OutgoingMessage } from './compose-message.js';

const FROM = 'Mashrou <no-reply@mashrou.local>';
const NAMES = Object.keys(previewProps) as TemplateName[];
const STRUCTURAL = new Set(['status', 'userType', 'approved', 'kind', 'cause']);

/** nodemailer's own build of a mail, with the Message-ID, Date and boundary fixed. */
async function nodemailerBuild(mail: OutgoingMessage, messageId: string, date: Date, baseBoundary: string) {
  const options = { ...mail, messageId, date, baseBoundary } as ConstructorParameters<typeof MailComposer>[0];
  return (await new MailComposer(options).compile().build()).toString();
}

let counter = 0;
/** The lean writer's bytes equal nodemailer's for this mail (and the lean writer took it, unless `fallback`). */
async function expectLeanEqualsNodemailer(mail: OutgoingMessage, fallback = false) {
  counter++;
  const messageId = `<${counter.toString(16).padStart(8, '0')}-aaaa-4bbb-8ccc-0123456789ab@mashrou.local>`;
  const date = new Date(Date.UTC(2026, 10, 23, 8, 41, counter % 60));
  const baseBoundary = (counter * 2654435761).toString(16).padStart(16, '0').slice(-16);
  const lean = leanMessage(mail, { messageId, date, baseBoundary });
  if (fallback) {
    expect(lean).toBeUndefined();
    return;
  }
  expect(lean).toBeDefined();
  expect({ mail, message: lean?.message }).toEqual({ mail, message: await nodemailerBuild(mail, messageId, date, baseBoundary) });
  const envelope = new MailComposer({ ...mail, messageId }).compile().getEnvelope();
  expect(lean?.to).toEqual(envelope.to[0]);
  return lean?.message;
}

/** The sample props with every free-text string replaced. */
function withStrings<N extends TemplateName>(name: N, value: (key: string, was: string) => string): TemplateProps[N] {
  return Object.fromEntries(
    Object.entries(previewProps[name]).map(([k, v]) => [k, typeof v === 'string' && !STRUCTURAL.has(k) ? value(k, v) : v]),
  ) as TemplateProps[N];
}

const HOSTILE = [
  "Layla <b>O'Hara</b> & Co",
  '<script>alert(1)</script>',
  '"quoted" \\ back\\slash',
  '=?UTF-8?B?Zm9v?= not really',
  'ends with =?',
  'Zoë — 💥 ß',
  'ليلى الحسن',
  'مشروع أبحاث السوق والنمو لشركة ناشئة في عمّان — المرحلة الثانية من البرنامج',
  'Mixed عربي and English with a "quote"',
  '\u200f\u202bRTL marks\u202c',
  'tab\there',
  'line\nbreak\r\nand\rreturn',
  'nul\0 and \x07 bell and \x7f del',
  'x'.repeat(200),
  `${'word '.repeat(40)}end`,
  '  leading and trailing  ',
  '.dot at start',
  'é'.repeat(90),
  '𝒜𝒷𝒸 surrogate pairs 😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀',
  '\ud800 lone surrogate',
];

describe('leanMessage (our layout without nodemailer’s composer)', () => {
  it('writes the very bytes nodemailer builds, for every template', async () => {
    for (const name of NAMES) {
      const rendered = await renderEmail(name, previewProps[name]);
      await expectLeanEqualsNodemailer({ from: FROM, to: 'layla@example.com', ...rendered });
    }
  });

  it('matches nodemailer for hostile, Unicode and Arabic names and subjects in every template', async () => {
    for (const h of HOSTILE) {
      for (const name of NAMES) {
        const rendered = await renderEmail(
          name,
          withStrings(name, () => h),
        );
        await expectLeanEqualsNodemailer({ from: FROM, to: 'student7@bench-mail.example', ...rendered });
      }
      // and the value as the whole subject, text and HTML
      await expectLeanEqualsNodemailer({ from: FROM, to: 'a@b.co', subject: h, text: h || 'x', html: `<p>${h}</p>` });
    }
  });

  it('matches nodemailer for Arabic mail (base64 parts, B-encoded subject folded over several lines)', async () => {
    const ar = 'مرحبا بك في مشروع — تم قبول طلبك للانضمام إلى المشروع. ';
    const message = await expectLeanEqualsNodemailer({
      from: FROM,
      to: 'layla@example.com',
      subject: `تم قبول طلبك في "${ar}"`,
      text: ar.repeat(20),
      html: `<html dir="rtl"><body><p>${ar.repeat(30)}</p></body></html>`,
    });
    expect(message).toContain('Subject: =?UTF-8?B?');
    expect(message).toContain('Content-Transfer-Encoding: base64');
  });

  it('matches nodemailer for recipients it writes as they are, and leaves the others to nodemailer', async () => {
    const body = { from: FROM, subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' };
    for (const to of [
      'a@b.co',
      'first.last+tag@sub.example.org',
      "o'hara!#$%&*/=?^_`{|}~-@example.com",
      'Mixed.Case@Example.COM',
      'x@a-b.c-d.museum',
      'x@localhost',
    ])
      await expectLeanEqualsNodemailer({ ...body, to });
    for (const to of [
      'Layla <layla@example.com>',
      'zoë@exämple.com',
      'a@exämple.com',
      'a@xn--exmple-cua.com',
      'a@1.2.3.4',
      'a@b.0x10',
      'a..b@example.com',
      '"quoted local"@example.com',
      'a@b.c, d@e.f',
      'no-at-sign',
      '',
    ])
      await expectLeanEqualsNodemailer({ ...body, to }, true);
  });

  it('leaves other layouts to nodemailer (no text or no HTML)', async () => {
    await expectLeanEqualsNodemailer({ from: FROM, to: 'a@b.co', subject: 's', text: '', html: '<p>h</p>' }, true);
    await expectLeanEqualsNodemailer({ from: FROM, to: 'a@b.co', subject: 's', text: 't', html: '' }, true);
  });

  it('matches nodemailer for random subjects, texts and HTML (fuzz)', async () => {
    const alphabet = [
      'a',
      'Z',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\r',
      '.',
      '\n.',
      '=',
      '=?',
      '?=',
      '"',
      '<',
      '&',
      'é',
      'ß',
      '—',
      '💥',
      'ع',
      'لا',
      '\u00a0',
      '\x01',
      'word',
      'longerword',
      'x'.repeat(80),
    ];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const words = (max: number) => Array.from({ length: 1 + rand(max) }, () => alphabet[rand(alphabet.length)]).join('');
    for (let i = 0; i < 300; i++) {
      await expectLeanEqualsNodemailer({
        from: FROM,
        to: `u${i}@d${i % 7}.example`,
        subject: words(40),
        text: words(300),
        html: words(600),
      });
    }
  });
});

describe('composeMessage', () => {
  const cases = [
    { to: 'layla@example.com', subject: 'Plain', html: '<p>Hello</p>', text: 'Hello' },
    {
      to: 'zoë@exämple.com',
      subject: 'Your application to "Étude — 💥 & <co>" was accepted',
      html: `<p>${'Long line with ünïcode — and = signs and trailing space '.repeat(40)}</p>\n<p>tab\there </p>`,
      text: 'Line one \nline two\r\n.starts with a dot\n\n' + 'x'.repeat(300),
    },
    { to: 'a@b.c', subject: '', html: '', text: 'only text' },
    { to: 'a@b.c', subject: 'عربي', html: '<p>مرحبا بك في مشروع — '.repeat(30), text: 'مرحبا '.repeat(50) },
    { to: 'Student.Seven@Bench-Mail.Example', subject: 'ليلى: تم قبول طلبك', html: '<p>نعم</p>', text: 'نعم' },
  ];

  it('writes the very bytes nodemailer builds (for the layouts it leaves to nodemailer’s composer)', async () => {
    const rendered = await renderEmail('ApplicationStatus', previewProps.ApplicationStatus);
    for (const mail of [...cases, { to: 'x@y.z', ...rendered }]) {
      const node = new MailComposer({ from: FROM, ...mail }).compile();
      const ours = Buffer.from(writeMessage(node));
      const theirs = await node.build();
      expect(ours.toString()).toBe(theirs.toString());
    }
  });

  it('gives a message that parses back to what was sent, with its Message-ID and envelope', async () => {
    for (const mail of cases) {
      const { raw, messageId, envelope } = composeMessage({ from: FROM, ...mail });
      const parsed = await simpleParser(raw);
      expect(parsed.messageId).toBe(messageId);
      expect(parsed.subject ?? '').toBe(mail.subject);
      expect(parsed.text?.replace(/\r\n/g, '\n').trimEnd()).toBe(mail.text.replace(/\r\n/g, '\n').trimEnd());
      if (mail.html) expect(parsed.html).toBe(mail.html);
      expect(parsed.from?.value).toEqual([{ address: 'no-reply@mashrou.local', name: 'Mashrou' }]);
      // the envelope nodemailer would derive from the headers
      expect(envelope).toEqual(new MailComposer({ from: FROM, ...mail }).compile().getEnvelope());
      const to = parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : undefined;
      expect(to).toBe(envelope.to[0]);
      expect(messageId).toMatch(/^<[0-9a-f-]{36}@mashrou\.local>$/);
    }
  });

  it('parses back every template with hostile and Arabic names', async () => {
    // not control characters or a lone surrogate (changed on the way, as nodemailer changes them), nor a
    // valid encoded word typed as text: nodemailer leaves it as it is and a reader decodes it ('foo')
    // eslint-disable-next-line no-control-regex -- the control characters themselves
    for (const h of HOSTILE.filter((v) => !/[\0-\x08\x0b-\x1f\x7f\ud800]|=\?UTF-8\?B\?Zm9v/.test(v))) {
      for (const name of NAMES) {
        const rendered = await renderEmail(
          name,
          withStrings(name, () => h),
        );
        const { raw } = composeMessage({ from: FROM, to: 'a@b.co', ...rendered });
        const parsed = await simpleParser(raw);
        // headers are unfolded (a folded subject reads back with its spaces) and trimmed by the parser
        expect(parsed.subject).toBe(rendered.subject.replace(/\r?\n|\r/g, ' ').trim());
        expect(parsed.html).toBe(rendered.html);
        expect(parsed.text?.replace(/\r\n|\r/g, '\n').trimEnd()).toBe(rendered.text.replace(/\r\n|\r/g, '\n').trimEnd());
      }
    }
  });

  it('uses a fresh Message-ID and boundary for every message', () => {
    const mail = { from: FROM, to: 'layla@example.com', subject: 'Plain', html: '<p>Hello</p>', text: 'Hello' };
    const a = composeMessage(mail);
    const b = composeMessage(mail);
    expect(a.messageId).not.toBe(b.messageId);
    const boundary = (raw: Buffer) => /boundary="([^"]+)"/.exec(raw.toString())?.[1];
    expect(boundary(a.raw)).toMatch(/^--_NmP-[0-9a-f]{16}-Part_1$/);
    expect(boundary(a.raw)).not.toBe(boundary(b.raw));
  });
});
