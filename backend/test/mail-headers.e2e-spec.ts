import 'reflect-metadata';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createPublicKey, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { inspect } from 'node:util';
import { Logger } from '@nestjs/common';
import type { ParsedMail } from 'mailparser';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { MailerService } from '../src/mail/mailer.service.js';
import { SmtpSink } from './support/smtp-sink.js';

/** What every mail carries (RFC 3834), and its DKIM signature when MAIL_DKIM_* are set. */

const { privateKey: PEM, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const DKIM = { MAIL_DKIM_DOMAIN: 'mashrou.example', MAIL_DKIM_SELECTOR: 'mail2026', MAIL_DKIM_PRIVATE_KEY: PEM };
/** The key's base64 body, which must never reach an error or a printed config. */
const KEY_BODY = PEM.split('\n')[1] ?? '';

let sink: SmtpSink;
beforeAll(async () => {
  Logger.overrideLogger(false); // MailerService's "email sent" lines
  sink = await new SmtpSink().start();
});
afterAll(async () => {
  await sink.stop();
});
beforeEach(() => {
  sink.messages.length = 0;
});

/** Sends one mail through the real MailerService (pooled SMTP to the sink) and returns what arrived. */
async function sendOne(env: Record<string, string> = {}, unsubscribeUrl?: string): Promise<ParsedMail> {
  const mailer = new MailerService(
    loadConfig({ NODE_ENV: 'test', SMTP_URL: sink.url, MAIL_FROM: 'Mashrou <no-reply@mashrou.example>', ...env }),
  );
  try {
    await mailer.send({
      to: 'reader@example.com',
      template: 'Test',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
      ...(unsubscribeUrl && { unsubscribeUrl }),
    });
    const [mail] = await sink.waitFor(1);
    if (!mail) throw new Error('no mail arrived');
    return mail;
  } finally {
    mailer.onApplicationShutdown();
  }
}

const headerLines = (mail: ParsedMail, name: string) => mail.headerLines.filter((h) => h.key === name.toLowerCase());

/** RFC 6376 "relaxed" header canonicalization of one raw header line. */
const relaxed = (line: string) => {
  const colon = line.indexOf(':');
  const value = line
    .slice(colon + 1)
    .replace(/\r?\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${line.slice(0, colon).trim().toLowerCase()}:${value}`;
};

/** The DKIM-Signature's tags, whitespace (folding) removed from their values. */
function dkimTags(line: string): Record<string, string> {
  const value = line.slice(line.indexOf(':') + 1);
  return Object.fromEntries(
    value
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => [t.slice(0, t.indexOf('=')).trim(), t.slice(t.indexOf('=') + 1).replace(/\s+/g, '')]),
  );
}

/**
 * Checks the signature over the headers with the public key that DNS would publish (no DNS here):
 * the signed headers as received, the DKIM-Signature with its b= emptied, RSA-SHA256. The body
 * hash (bh=) is not recomputed: the sink keeps the parsed mail, not its raw body.
 */
function headerSignatureVerifies(mail: ParsedMail, signatureLine: string, key: KeyObject): boolean {
  const tags = dkimTags(signatureLine);
  const unused = [...mail.headerLines];
  const signed = (tags.h ?? '').split(':').map((name) => {
    const i = unused.findLastIndex((h) => h.key === name.toLowerCase());
    if (i < 0) return ''; // a signed name the mail lacks counts as empty (RFC 6376 5.4)
    const [line] = unused.splice(i, 1);
    return `${relaxed(line?.line ?? '')}\r\n`;
  });
  const unsignedSignature = relaxed(signatureLine).replace(/(;\s*b=)[^;]*/, '$1');
  return createVerify('RSA-SHA256')
    .update(signed.join('') + unsignedSignature, 'latin1')
    .verify(key, tags.b ?? '', 'base64');
}

describe('outgoing mail headers', () => {
  it('signs the one-click unsubscribe headers too (RFC 8058 §4), and the signature verifies', async () => {
    const mail = await sendOne(DKIM, 'https://app.mashrou.example/api/unsubscribe?token=x');
    expect(headerLines(mail, 'List-Unsubscribe')).toHaveLength(1);
    expect(headerLines(mail, 'List-Unsubscribe-Post')[0]?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const line = headerLines(mail, 'DKIM-Signature')[0]?.line ?? '';
    const signed = (dkimTags(line).h ?? '').toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'auto-submitted']));
    expect(headerSignatureVerifies(mail, line, createPublicKey(publicKey))).toBe(true);
  });

  it('marks every mail Auto-Submitted: auto-generated, and signs none without the DKIM settings', async () => {
    const mail = await sendOne();
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(headerLines(mail, 'Auto-Submitted')).toHaveLength(1);
    expect(mail.headers.has('dkim-signature')).toBe(false);
    expect(mail.text?.trim()).toBe('Hello');
  });

  it('signs with DKIM when the three settings are set: d= the domain, s= the selector, a signature that verifies', async () => {
    const mail = await sendOne(DKIM);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    const [signature, ...more] = headerLines(mail, 'DKIM-Signature');
    expect(more).toHaveLength(0);
    const line = signature?.line ?? '';
    const tags = dkimTags(line);
    expect(tags).toMatchObject({ v: '1', a: 'rsa-sha256', c: 'relaxed/relaxed', d: 'mashrou.example', s: 'mail2026' });
    expect(tags.bh).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(tags.b).toMatch(/^[A-Za-z0-9+/]{300,}=*$/);
    expect(tags.h?.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'date', 'message-id']));
    expect(headerSignatureVerifies(mail, line, createPublicKey(publicKey))).toBe(true);
    // Another key does not verify it: the check above is a real one.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(headerSignatureVerifies(mail, line, other)).toBe(false);
  });

  it('takes the private key on one line, with literal \\n for its line breaks (as env files hold it)', async () => {
    const oneLine = PEM.trim().replaceAll('\n', '\\n');
    expect(oneLine).not.toContain('\n');
    const mail = await sendOne({ ...DKIM, MAIL_DKIM_PRIVATE_KEY: oneLine });
    const line = headerLines(mail, 'DKIM-Signature')[0]?.line ?? '';
    expect(dkimTags(line)).toMatchObject({ d: 'mashrou.example', s: 'mail2026' });
    expect(headerSignatureVerifies(mail, line, createPublicKey(publicKey))).toBe(true);
  });
});

describe('DKIM settings', () => {
  const configError = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('wants all three or none, and names the missing ones', () => {
    const { MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR, MAIL_DKIM_PRIVATE_KEY } = DKIM;
    expect(configError({ MAIL_DKIM_DOMAIN })).toContain(
      'set all three or none (missing: MAIL_DKIM_SELECTOR, MAIL_DKIM_PRIVATE_KEY)',
    );
    expect(configError({ MAIL_DKIM_SELECTOR })).toContain('(missing: MAIL_DKIM_DOMAIN, MAIL_DKIM_PRIVATE_KEY)');
    expect(configError({ MAIL_DKIM_PRIVATE_KEY })).toContain('(missing: MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR)');
    expect(configError({ MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR })).toContain('(missing: MAIL_DKIM_PRIVATE_KEY)');
    expect(configError({ MAIL_DKIM_DOMAIN, MAIL_DKIM_PRIVATE_KEY })).toContain('(missing: MAIL_DKIM_SELECTOR)');
    expect(configError({ MAIL_DKIM_SELECTOR, MAIL_DKIM_PRIVATE_KEY })).toContain('(missing: MAIL_DKIM_DOMAIN)');
    // Empty counts as unset (compose passes unset variables as empty).
    expect(
      loadConfig({ MAIL_DKIM_DOMAIN: '', MAIL_DKIM_SELECTOR: '', MAIL_DKIM_PRIVATE_KEY: '' }).MAIL_DKIM_PRIVATE_KEY,
    ).toBeUndefined();
    expect(loadConfig(DKIM).MAIL_DKIM_DOMAIN).toBe('mashrou.example');
  });

  it('refuses a malformed domain or selector, an unreadable key, a public key or a non-RSA key, without echoing the key', () => {
    expect(configError({ ...DKIM, MAIL_DKIM_DOMAIN: 'https://mashrou.example' })).toContain('MAIL_DKIM_DOMAIN');
    expect(configError({ ...DKIM, MAIL_DKIM_SELECTOR: 'a b' })).toContain('MAIL_DKIM_SELECTOR');
    const truncated = PEM.slice(0, 200);
    const msg = configError({ ...DKIM, MAIL_DKIM_PRIVATE_KEY: truncated });
    expect(msg).toContain('MAIL_DKIM_PRIVATE_KEY: not a readable PEM private key');
    expect(msg).not.toContain(truncated.split('\n')[1]);
    expect(configError({ ...DKIM, MAIL_DKIM_PRIVATE_KEY: publicKey })).toContain('not a readable PEM private key');
    const ed = generateKeyPairSync('ed25519', {
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    expect(configError({ ...DKIM, MAIL_DKIM_PRIVATE_KEY: ed.privateKey })).toContain('must be an RSA key (got ed25519)');
  });

  it('keeps the private key out of a printed or serialized config', () => {
    const config = loadConfig(DKIM);
    expect(KEY_BODY.length).toBeGreaterThan(40);
    expect(JSON.stringify(config)).not.toContain(KEY_BODY);
    expect(inspect(config, { depth: 10 })).not.toContain(KEY_BODY);
    expect(config.MAIL_DKIM_PRIVATE_KEY?.asymmetricKeyType).toBe('rsa');
  });
});
