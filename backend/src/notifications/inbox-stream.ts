import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { redisOptions, sessionsEndedChannel } from '../queues/queues.js';
import { DomainError } from '../common/errors.js';
import { InboxService, inboxChannel } from './inbox.service.js';

/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** Open streams one person may hold in one api process (tabs); the oldest is told to poll instead. */
const STREAMS_PER_USER = 10;
/**
 * A stream ends after this long and the browser opens a new one (after RETRY_MS): its session is
 * checked again, so a signed-out, deactivated or erased account stops hearing within this time.
 */
const MAX_AGE_MS = 15 * 60_000;
const RETRY_MS = 5_000;

type Send = (unread: number) => void;
/** One open stream: how to tell it the count, and the session it was opened with. */
interface Stream {
  send: Send;
  sessionHash: string;
}

/**
 * Server-Sent Events for the bell: each open tab holds one stream; when a person's notifications
 * change (announced on Redis by whichever process changed them), this process sends their streams
 * the new unread count. One Redis subscription per api process, whatever the number of streams.
 * A stream ends, in whichever process holds it, as soon as its session may have: on a sign-out
 * (that session's streams) and when the person's sessions are revoked (deactivation, a new role, a
 * password or email change, erasure: all their streams). A tab still signed in opens a new stream
 * RETRY_MS later, its session checked again; a signed-out one is refused.
 */
@Injectable()
export class InboxStream implements OnModuleDestroy {
  private readonly logger = new Logger(InboxStream.name);
  private readonly streams = new Map<string, Map<FastifyReply, Stream>>();
  private subscriber?: Redis;
  private listening?: Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private closed = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly inbox: InboxService,
  ) {}

  /** Takes over the reply: the stream stays open until the client leaves or the api stops. */
  async open(userId: string, sessionHash: string, req: FastifyRequest, reply: FastifyReply) {
    // Listening before the count is read: a change right after it is heard, never lost.
    await this.start();
    // Read before the reply is taken over, so a failure is still an ordinary error answer.
    const unread = await this.inbox.unread(userId);
    if (this.closed) throw new DomainError('busy', 'This server is restarting. Please try again.', 503, { retryAfterSeconds: 1 });
    reply.hijack();
    const res = reply.raw;
    // The client may have left while the count was read: nothing to keep then.
    if (req.raw.destroyed || res.destroyed) {
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx: pass events through as they come.
      'x-accel-buffering': 'no',
    });
    const send: Send = (unread) => {
      res.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
    };
    let mine = this.streams.get(userId);
    if (!mine) this.streams.set(userId, (mine = new Map<FastifyReply, Stream>()));
    if (mine.size >= STREAMS_PER_USER) {
      const [oldest] = mine.keys();
      // That tab polls from now on (it does not reconnect and push another tab out in turn).
      if (oldest) this.end(userId, oldest, 'event: evicted\ndata: {}\n\n');
    }
    mine.set(reply, { send, sessionHash });
    const expiry = setTimeout(() => {
      this.end(userId, reply);
    }, MAX_AGE_MS);
    expiry.unref();
    res.on('close', () => {
      clearTimeout(expiry);
      this.end(userId, reply);
    });
    res.write(`retry: ${String(RETRY_MS)}\n\n`);
    send(unread);
  }

  /** A stop began: every open stream ends (its tab reconnects to another process), none opens (create-api's preClose hook). */
  endAll() {
    this.closed = true;
    for (const [userId, mine] of this.streams) for (const reply of [...mine.keys()]) this.end(userId, reply);
  }

  onModuleDestroy() {
    this.endAll();
    clearInterval(this.heartbeat);
    this.subscriber?.disconnect();
  }

  private end(userId: string, reply: FastifyReply, last?: string) {
    const mine = this.streams.get(userId);
    mine?.delete(reply);
    if (mine?.size === 0) this.streams.delete(userId);
    if (!reply.raw.writableEnded) reply.raw.end(last);
  }

  private sessionsEnded(message: string) {
    try {
      const { session, user, ended } = JSON.parse(message) as { session?: unknown; user?: unknown; ended?: unknown };
      if (typeof session === 'string') this.endSession(session);
      if (typeof user === 'string' && ended === true) this.endUser(user);
    } catch {
      this.logger.warn('unreadable session message ignored');
    }
  }

  /** A sign-out: that session's streams end now. */
  private endSession(sessionHash: string) {
    for (const [userId, mine] of this.streams) {
      for (const [reply, stream] of [...mine]) if (stream.sessionHash === sessionHash) this.end(userId, reply);
    }
  }

  /** Some of a user's sessions were revoked: their streams end (a tab still signed in comes back). */
  private endUser(userId: string) {
    for (const reply of [...(this.streams.get(userId)?.keys() ?? [])]) this.end(userId, reply);
  }

  /** Subscribes this process once; resolves when it listens (or after 2 s, Redis down: the bell then polls). */
  private start(): Promise<void> {
    if (this.listening) return this.listening;
    if (this.closed) return Promise.resolve();
    this.heartbeat = setInterval(() => {
      for (const mine of this.streams.values()) for (const reply of mine.keys()) reply.raw.write(': ping\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    const sub = (this.subscriber = new Redis({ ...redisOptions(this.config), connectionName: 'inbox-subscriber' }));
    sub.on('error', () => undefined);
    this.listening = new Promise<void>((resolve) => {
      setTimeout(resolve, 2_000).unref();
      sub.on('ready', () => {
        sub.subscribe(inboxChannel(this.config), sessionsEndedChannel(this.config)).then(
          () => {
            resolve();
          },
          (err: unknown) => {
            this.logger.warn(`inbox changes not subscribed: ${err instanceof Error ? err.message : String(err)}`);
            resolve();
          },
        );
      });
    });
    sub.on('message', (channel: string, message: string) => {
      if (channel === sessionsEndedChannel(this.config)) {
        this.sessionsEnded(message);
        return;
      }
      const userId = message;
      const mine = this.streams.get(userId);
      if (!mine) return;
      this.inbox.unread(userId).then(
        (unread) => {
          for (const { send } of mine.values()) send(unread);
        },
        (err: unknown) => {
          this.logger.warn(`unread count failed: ${err instanceof Error ? err.message : String(err)}`);
        },
      );
    });
    return this.listening;
  }
}
