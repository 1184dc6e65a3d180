import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import * as base64 from 'nodemailer/lib/base64';
import * as qp from 'nodemailer/lib/qp';

export interface ComposedMessage {
  raw: Buffer;
  messageId: string;
  envelope: MimeNode.Envelope;
}

/**
 * One message as bytes: nodemailer's composer lays it out (headers, address and header encoding,
 * boundary, Message-ID, Date) and the parts are written here in one go. nodemailer's own build
 * streams every part through several stream stages and event-loop turns, and then hands the socket
 * hundreds of small writes — the largest share of a worker's CPU. The bytes are the same (the
 * spec compares them with nodemailer's build). Text parts only (7bit, quoted-printable or base64, as nodemailer picks), as our mail is.
 */
export function composeMessage(mail: { from: string; to: string; subject: string; html: string; text: string }): ComposedMessage {
  const sender = senderOf(mail.from);
  // Given here, the Message-ID and the envelope cost nothing; nodemailer would parse both
  // addresses again for each (its own ids look the same: random hex groups at the sender's domain).
  const messageId = `<${randomUUID()}@${sender.split('@').pop() ?? 'localhost'}>`;
  const root = new MailComposer({ ...mail, messageId }).compile();
  const envelope = PLAIN_ADDRESS.test(mail.to) ? { from: sender, to: [mail.to] } : root.getEnvelope();
  return { raw: Buffer.from(writeMessage(root)), messageId, envelope };
}

/** An address nodemailer would put in the envelope as it is (no name, no Unicode domain to encode). */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

const senders = new Map<string, string>();
/** The address of MAIL_FROM ("Name <address>"), parsed once. */
function senderOf(from: string): string {
  let address = senders.get(from);
  if (address === undefined) {
    const [first] = addressparser(from, { flatten: true });
    address = first?.address ?? from;
    senders.set(from, address);
  }
  return address;
}

type Node = MimeNode & { content?: unknown; multipart?: string | false };

/** The whole message, ending with a line break as nodemailer ends it. */
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
