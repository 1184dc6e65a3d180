import { describe, expect, it } from '@jest/globals';
import MailComposer from 'nodemailer/lib/mail-composer';
import { simpleParser } from 'mailparser';
import { previewProps, renderEmail } from '@mashrou/emails';
import { composeMessage, writeMessage } from './compose-message.js';

const FROM = 'Mashrou <no-reply@mashrou.local>';

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
  ];

  it('writes the very bytes nodemailer builds', async () => {
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
      // the envelope nodemailer would derive from the headers
      expect(envelope).toEqual(new MailComposer({ from: FROM, ...mail }).compile().getEnvelope());
      expect(messageId).toMatch(/^<[0-9a-f-]{36}@mashrou\.local>$/);
    }
  });
});
