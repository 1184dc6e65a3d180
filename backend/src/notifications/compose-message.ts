import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import * as base64 from 'nodemailer/lib/base64';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';
import * as qp from 'nodemailer/lib/qp';
import { qpEncode, qpWrap } from './quoted-printable.js';

export interface ComposedMessage {
  raw: Buffer;
  messageId: string;
  envelope: MimeNode.Envelope;
}

export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * One message as bytes, exactly as nodemailer would build it. Our mail (a plain recipient
 * address, a subject, a plain text and an HTML part) is written by `leanMessage` without
 * nodemailer's composer: its header and address handling (a tree of MimeNodes, every header
 * normalised, parsed and encoded again per mail) was the largest share of a worker's CPU. Anything
 * else (a recipient with a name or a Unicode address, a missing part) goes through nodemailer's
 * composer. Either way the bytes are nodemailer's own (compose-message.spec.ts compares them).
 */
export function composeMessage(mail: OutgoingMessage): ComposedMessage {
  const sender = senderOf(mail.from);
  // Given here, the Message-ID and the envelope cost nothing; nodemailer would parse both
  // addresses again for each (its own ids look the same: random hex groups at the sender's domain).
  const messageId = `<${randomUUID()}@${sender.address.split('@').pop() ?? 'localhost'}>`;
  const lean = leanMessage(mail, { messageId, date: new Date(), baseBoundary: randomHex16() });
  if (lean !== undefined) return { raw: Buffer.from(lean.message), messageId, envelope: { from: sender.address, to: [lean.to] } };
  const root = new MailComposer({ ...mail, messageId }).compile();
  return { raw: Buffer.from(writeMessage(root)), messageId, envelope: root.getEnvelope() };
}

/** 64 random bits as 16 hex digits, as nodemailer's boundaries carry (from the buffered UUID source: no call into the CSPRNG per mail). */
const randomHex16 = () => randomUUID().replace(/-/g, '').slice(0, 16);

interface Sender {
  /** The envelope's sender. */
  address: string;
  /** The From header as nodemailer writes it (encoded and folded), with its line break. */
  header: string | undefined;
}

const senders = new Map<string, Sender>();
/** MAIL_FROM ("Name <address>"): its address and its From header, worked out by nodemailer once. */
function senderOf(from: string): Sender {
  let sender = senders.get(from);
  if (sender === undefined) {
    const [first] = addressparser(from, { flatten: true });
    const headers = new MailComposer({ from, to: 'x@example.com', text: 'x' }).compile().buildHeaders();
    const header = /^From: .*(?:\r\n[ \t].*)*/m.exec(headers)?.[0];
    sender = { address: first?.address ?? from, header: header ? `${header}\r\n` : undefined };
    senders.set(from, sender);
  }
  return sender;
}

/**
 * A recipient nodemailer writes as it is, in the header and in the envelope: an ASCII dot-atom
 * local part at a domain of letters, digits and hyphens whose last label starts with a letter
 * (no `xn--` label for the IDN mapping to check or rewrite, no IPv4-like tail for the URL host
 * parser to renumber). The domain is lower-cased, as nodemailer's `domainToASCII` does.
 */
const LEAN_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@((?:[A-Za-z0-9-]{1,63}\.)*[A-Za-z][A-Za-z0-9-]{0,62})$/;

function leanRecipient(to: string): string | undefined {
  if (to.length > 254) return undefined;
  const m = LEAN_ADDRESS.exec(to);
  const domain = m?.[1];
  if (domain === undefined || /(?:^|\.)xn--/i.test(domain)) return undefined;
  return `${to.slice(0, to.length - domain.length)}${domain.toLowerCase()}`;
}

/** nodemailer's `_getTextEncoding`: Q when Latin letters outnumber the non-ASCII and control characters, else B. */
function textEncoding(value: string): 'Q' | 'B' {
  let nonLatin = 0;
  let latin = 0;
  const len = value.length;
  for (let i = 0; i < len; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x08 || c === 0x0b || c === 0x0c || (c >= 0x0e && c <= 0x1f) || c >= 0x80) nonLatin++;
    else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
      latin++;
      // decided: the rest could not make the non-Latin count catch up
      if (latin - nonLatin > len - i - 1) return 'Q';
    }
  }
  return nonLatin < latin ? 'Q' : 'B';
}

const encodeWords = mimeFuncs.encodeWords as (
  value: string,
  encoding: 'Q' | 'B',
  maxLength: number,
  encodeAll: boolean,
) => string;

/** Control characters (not TAB, CR, LF): nodemailer puts a header value holding one into a single encoded word. */
// eslint-disable-next-line no-control-regex -- these very characters
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/** The Subject line as nodemailer writes it (RFC 2047 encoded words when needed, folded at 76), or '' for none. */
function subjectHeader(subject: string): string {
  if (!subject) return '';
  let value = subject.replace(/\r?\n|\r/g, ' ');
  if (/^[\x20-\x21\x23-\x7e]*$/.test(value)) {
    // printable ASCII without '"' : nothing to encode (unless it holds a '=?' that could read as an encoded word)
    if (value.includes('=?')) value = encodeWords(value, textEncoding(value), 52, true);
  } else if (CONTROL.test(value)) {
    value = mimeFuncs.encodeWord(value, textEncoding(value), 52);
  } else {
    value = encodeWords(value, textEncoding(value), 52, true);
  }
  if (!value.trim()) return '';
  const line = `Subject: ${value}`;
  return `${line.length < 76 ? line : mimeFuncs.foldLines(line, 76)}\r\n`;
}

/** A text part: its headers, a blank line and its content, encoded as nodemailer picks (7bit, quoted-printable or base64). */
function textPart(type: 'text/plain' | 'text/html', content: string): string {
  const plain = mimeFuncs.isPlainText(content);
  if (plain && !mimeFuncs.hasLongerLines(content, 76)) {
    return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${content}`;
  }
  if (textEncoding(content) === 'Q') {
    return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qpWrap(qpEncode(content))}`;
  }
  return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64.wrap(base64.encode(content), 76)}`;
}

/**
 * Our one layout written directly: multipart/alternative with the plain text and the HTML, the
 * headers in nodemailer's order and encoding. Undefined when the mail is not of that layout (no
 * text or no HTML, a recipient that is not a plain address, a From nodemailer would not write):
 * the caller then lets nodemailer compose it.
 */
export function leanMessage(
  mail: OutgoingMessage,
  opts: { messageId: string; date: Date; baseBoundary: string },
): { message: string; to: string } | undefined {
  const { text, html } = mail;
  if (typeof text !== 'string' || typeof html !== 'string' || !text || !html) return undefined;
  if (typeof mail.subject !== 'string' || !/^<[\x21-\x3b\x3d\x3f-\x7e]+>$/.test(opts.messageId)) return undefined;
  if (!/^[0-9a-f]{1,64}$/.test(opts.baseBoundary)) return undefined;
  const to = typeof mail.to === 'string' ? leanRecipient(mail.to) : undefined;
  const from = senderOf(mail.from).header;
  if (to === undefined || from === undefined) return undefined;
  const boundary = `--_NmP-${opts.baseBoundary}-Part_1`;
  const message =
    `${from}To: ${to}\r\n${subjectHeader(mail.subject)}Message-ID: ${opts.messageId}\r\n` +
    `Date: ${opts.date.toUTCString().replace(/GMT/, '+0000')}\r\nMIME-Version: 1.0\r\n` +
    `Content-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n\r\n` +
    `--${boundary}\r\n${textPart('text/plain', text)}\r\n` +
    `--${boundary}\r\n${textPart('text/html', html)}\r\n` +
    `--${boundary}--\r\n`;
  return { message, to };
}

type Node = MimeNode & { content?: unknown; multipart?: string | false };

/** The whole message of a MailComposer tree, ending with a line break as nodemailer ends it. */
export function writeMessage(root: MimeNode): string {
  const out = writeNode(root);
  return out.endsWith('\n') ? out : out.endsWith('\r') ? `${out}\n` : `${out}\r\n`;
}

/** A node as nodemailer's MimeNode.stream writes it, for string contents. */
function writeNode(node: Node): string {
  let out = `${node.buildHeaders()}\r\n\r\n`;
  const content = node.content;
  if (content !== undefined && content !== '') {
    if (typeof content !== 'string') throw new Error('composeMessage writes text parts only');
    // buildHeaders just chose it (asking again would scan the content again)
    const encoding: unknown = node.getHeader('Content-Transfer-Encoding');
    if (encoding === 'quoted-printable') out += qp.wrap(qp.encode(content), 76);
    else if (encoding === 'base64') out += base64.wrap(base64.encode(content), 76);
    else out += content; // 7bit: short ASCII lines, as they are
  }
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      out += `${i > 0 ? '\r\n' : ''}--${String(node.boundary)}\r\n${writeNode(child)}`;
    });
    out += `\r\n--${String(node.boundary)}--\r\n`;
  }
  return out;
}
