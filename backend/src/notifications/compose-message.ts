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
  const root = new MailComposer(mail).compile();
  return { raw: Buffer.from(writeMessage(root)), messageId: root.messageId(), envelope: root.getEnvelope() };
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
    const encoding = String(node.getHeader('Content-Transfer-Encoding'));
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
