import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface SinkOptions {
  /** Refuse this many DATA commands with a temporary error before accepting. */
  refuseFirst?: number;
  /** Hold the reply to DATA this long (ms); `Infinity` holds it until the connection dies. */
  delayMs?: number;
}

/** An in-process SMTP server that keeps what actually arrived. */
export class SmtpSink {
  readonly messages: ParsedMail[] = [];
  /** Every message received, answered or not (a sender that died mid-DATA included), as sent. */
  readonly raw: string[] = [];
  attempts = 0;
  private server: SMTPServer;
  private waiters: (() => void)[] = [];
  port = 0;

  constructor(public options: SinkOptions = {}) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.attempts += 1;
          this.raw.push(Buffer.concat(chunks).toString('utf8'));
          const { refuseFirst = 0, delayMs = 0 } = this.options;
          if (this.attempts <= refuseFirst) {
            const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(err);
            return;
          }
          const accept = () =>
            simpleParser(Buffer.concat(chunks)).then((mail) => {
              this.messages.push(mail);
              this.waiters.splice(0).forEach((w) => {
                w();
              });
              callback();
            }, callback);
          if (delayMs === Infinity) return; // never answers: the sender is stuck mid-send
          if (delayMs > 0)
            setTimeout(() => {
              void accept();
            }, delayMs);
          else void accept();
        });
      },
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** Messages that arrived for `to` (whatever its case) whose subject matches. */
  to(address: string, subject: RegExp) {
    return this.messages.filter(
      (m) =>
        (m.to as { text: string } | undefined)?.text.toLowerCase() === address.toLowerCase() && subject.test(m.subject ?? ''),
    );
  }

  /** The newest message to `to` whose subject matches, waiting up to `timeoutMs` for one to arrive. */
  async waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.to(to, subject).at(-1);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no email to ${to} matching ${subject}; got: ${this.messages.map((m) => m.subject).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves once `count` messages have arrived, or rejects after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 20_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} email(s), got ${this.messages.length}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.messages;
  }

  async stop() {
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }
}
