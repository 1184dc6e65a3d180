import { createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** Queues a worker can serve; `WORKER_QUEUES` picks among them. */
export const QUEUE_NAMES = ['notifications', 'maintenance'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** A whole number from the environment, within bounds, with its default. */
const int = (min: number, max: number, def: number) => z.coerce.number().int().min(min).max(max).default(def);
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
/** A schedule (UTC) in cron's syntax, as BullMQ's job scheduler takes it. */
const cron = z.string().regex(/^[\d*/,-]+( [\d*/,-]+){4,5}$/, 'a cron pattern: 5 or 6 fields of digits, *, /, , and -');

const url = (protocols: string[]) =>
  // (zod runs the refinement even when the value is no URL: a malformed one must not throw here.)
  z.url().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
    message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  });

/** A DNS name of two or more labels, in ASCII (punycode for a name in another script). */
const domainName = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i,
    'a domain name like example.com (punycode for other scripts)',
  )
  .transform((v) => v.toLowerCase());

/**
 * A PEM private key, held as a KeyObject: checked at boot, and printed or serialized it shows no key
 * material. Env files cannot hold several lines, so literal `\n` sequences stand for line breaks.
 * Never echoes the value in an error.
 */
const rsaPrivateKey = z.string().transform((v, ctx): KeyObject => {
  let key: KeyObject;
  try {
    key = createPrivateKey(v.trim().replaceAll('\\n', '\n'));
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'not a readable PEM private key (unencrypted, "-----BEGIN PRIVATE KEY-----" or "RSA PRIVATE KEY")',
    });
    return z.NEVER;
  }
  // nodemailer signs rsa-sha256 only; with another key it would send every mail unsigned.
  if (key.asymmetricKeyType !== 'rsa') {
    ctx.addIssue({
      code: 'custom',
      message: `must be an RSA key (got ${key.asymmetricKeyType ?? 'unknown'}): nodemailer signs with rsa-sha256`,
    });
    return z.NEVER;
  }
  return key;
});

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(0, 65535, 3000),
  /**
   * Operations port: Prometheus metrics (`/metrics`) and, for a worker, its probes (`/health/live`,
   * `/health/ready`). Never the public api's port: keep it off the load balancer. 0 = off.
   */
  OPS_PORT: int(0, 65535, 0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgresql://postgres@127.0.0.1:5432/mashrou'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only')
    .default('mashrou'),
  SMTP_URL: url(['smtp:', 'smtps:']).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Mashrou <no-reply@mashrou.local>'),
  /**
   * DKIM signing of every mail (nodemailer's `dkim` option): set all three or none. The domain is
   * the signature's d= (MAIL_FROM's domain, for DMARC); the selector names the DNS record
   * `<selector>._domainkey.<domain>` that holds the public key.
   */
  MAIL_DKIM_DOMAIN: domainName.optional(),
  MAIL_DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9_-]{1,63}(\.[a-z0-9_-]{1,63})*$/i, 'letters, digits, -, _ and dots (a DNS label)')
    .optional(),
  /** The RSA private key in PEM, literal \n allowed for line breaks. A secret: never logged. */
  MAIL_DKIM_PRIVATE_KEY: rsaPrivateKey.optional(),
  WEB_ORIGIN: url(['http:', 'https:']).default('http://localhost:5173'),
  /** Keys the HMAC of verification codes and reset tokens. Required (32+ chars) in production. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: int(1, 365, 30),
  /** A session unused for this long ends, whatever its lifetime left. */
  SESSION_IDLE_DAYS: int(1, 365, 7),
  /**
   * How long an api process may answer a signed-in request from the session it already looked up
   * (0: always ask the database). Revocations reach every process at once through Redis.
   */
  SESSION_CACHE_MS: int(0, 60_000, 5000),
  /**
   * How many reverse proxies in front of the api may be believed about the client's address
   * (X-Forwarded-For hops). 0: none — the socket's address is the client, whatever the headers say.
   */
  TRUST_PROXY: int(0, 10, 0),
  /** Sign-ups accepted from one client address per hour (raise it for a campus event behind one NAT). */
  SIGNUPS_PER_IP_PER_HOUR: int(1, 100_000, 20),
  /** Projects one company may submit per hour (429 `too-many-projects` past it). */
  PROJECTS_PER_COMPANY_PER_HOUR: int(1, 100_000, 10),
  /** Projects of one company waiting for review at once (409 `too-many-pending-projects` past it). */
  PENDING_PROJECTS_PER_COMPANY: int(1, 100_000, 20),
  /** Every email to one address per hour, whatever sent it: past it, notifications wait, codes and resets are dropped. */
  MAILS_PER_ADDRESS_PER_HOUR: int(1, 10_000, 30),
  /**
   * A company's mails about new applicants: the first goes at once, the next ones in this time after
   * a mail wait and go together as one summary (the bell hears of each at once).
   */
  APPLICANT_MAIL_EVERY_MS: int(1000, 86_400_000, 15 * 60_000),
  /** argon2 hashes and verifications that may run at once; more wait their turn (or get 503 when too many wait). */
  PASSWORD_HASH_CONCURRENCY: int(1, 64, 2),
  /**
   * The older system's password hashes (Firebase's modified scrypt, its project's "hash config"):
   * the base64 signer key and salt separator, rounds and mem_cost. Read by the api (an imported
   * account's first sign-in) and by `npm run import:legacy`. Unset: old passwords are not accepted.
   */
  LEGACY_HASH_SIGNER_KEY: z.base64().min(4).optional(),
  LEGACY_HASH_SALT_SEPARATOR: z.base64().default(''),
  LEGACY_HASH_ROUNDS: int(1, 16, 8),
  LEGACY_HASH_MEM_COST: int(1, 16, 14),
  /** OpenAPI at /api/docs. Default: on, except in production. */
  API_DOCS: bool.optional(),
  /** The external scheduling page companies use to book their intro call. */
  BOOKING_URL: url(['https:', 'http:']).default('https://calendly.com/mashrou/intro-call'),
  BODY_LIMIT_BYTES: int(1024, 50_000_000, 1_048_576),
  SERVE_WEB_DIR: z.string().optional(),
  /** Where uploaded files (CVs) live: `local` disk under STORAGE_DIR, or any S3-compatible store. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Local files (driver `local`) and scratch space for uploads being checked (both drivers). */
  STORAGE_DIR: z.string().min(1).default('.data/files'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Leave empty for AWS; set for MinIO, R2, etc. */
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'folders ending in /, like files/')
    .default(''),
  FILE_MAX_BYTES: int(1024, 100_000_000, 5_000_000),
  USER_QUOTA_BYTES: int(1024, 10_000_000_000, 50_000_000),
  /** Files one user may keep. */
  USER_MAX_FILES: int(1, 10_000, 20),
  /** Days a file's download link works; the owner can issue a new one at any time. */
  FILE_TOKEN_TTL_DAYS: int(1, 365, 7),
  DEV_TOOLS: bool.optional(),
  /**
   * Sign in with Google and LinkedIn (OpenID Connect): each provider is offered only when its client
   * id and secret are set (README "Sign in with Google and LinkedIn"). The issuer is discovered from
   * its `/.well-known/openid-configuration`; change it only to test against another provider.
   */
  GOOGLE_CLIENT_ID: z.string().min(1).max(300).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).max(300).optional(),
  GOOGLE_ISSUER: url(['https:', 'http:']).default('https://accounts.google.com'),
  LINKEDIN_CLIENT_ID: z.string().min(1).max(300).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).max(300).optional(),
  LINKEDIN_ISSUER: url(['https:', 'http:']).default('https://www.linkedin.com/oauth'),
  WORKER_QUEUES: z
    .string()
    .default(QUEUE_NAMES.join(','))
    .transform((v, ctx) => {
      const names = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const n of names) {
        if (!(QUEUE_NAMES as readonly string[]).includes(n)) {
          ctx.addIssue({ code: 'custom', message: `unknown queue "${n}" (known: ${QUEUE_NAMES.join(', ')})` });
        }
      }
      return names as QueueName[];
    }),
  WORKER_RELAY: bool.default(true),
  /** Jobs a worker runs at once per queue: mail jobs mostly wait on the database, Redis and SMTP. */
  WORKER_CONCURRENCY: int(1, 500, 32),
  OUTBOX_POLL_MS: int(50, 600_000, 5000),
  OUTBOX_BATCH_SIZE: int(1, 1000, 100),
  JOB_ATTEMPTS: int(1, 50, 8),
  JOB_BACKOFF_MS: int(10, 600_000, 5000),
  /**
   * A running job's lock, renewed every half of it: a job whose worker died (SIGKILL, a lost node) is
   * taken over by another worker within about 1.5× this (the stalled check runs every half of it).
   */
  JOB_LOCK_MS: int(1000, 600_000, 8000),
  SHUTDOWN_TIMEOUT_MS: int(100, 600_000, 25_000),
  /**
   * On SIGTERM the api first answers readiness with 503 for this long, still serving everything else,
   * so the load balancer stops sending before the port closes (Kubernetes: longer than the readiness
   * probe's period). Counted within SHUTDOWN_TIMEOUT_MS.
   */
  SHUTDOWN_DELAY_MS: int(0, 120_000, 0),
  /** How often the maintenance worker closes open projects past their deadline (one schedule however many workers run). */
  DEADLINE_CHECK_EVERY_MS: int(100, 86_400_000, 15 * 60_000),
  /** When companies get the weekly digest of applicants waiting more than 7 days (cron, UTC; default Monday 07:00). */
  COMPANY_DIGEST_CRON: cron.default('0 7 * * 1'),
  /** When students get the daily email of new projects matching their saved searches (cron, UTC; default 06:00 every day). */
  SEARCH_DIGEST_CRON: cron.default('0 6 * * *'),
});

export type AppConfig = z.output<typeof schema> & {
  isProduction: boolean;
  devTools: boolean;
  apiDocs: boolean;
  appSecret: string;
};

const DEV_SECRET = 'mashrou-development-secret-change-me-0000';
/** Secrets that were ever published (this file, old compose files): never accepted in production. */
const PUBLIC_SECRETS = [DEV_SECRET, 'compose-local-secret-change-me-0123456789abcdef'];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment. The only place in the backend that reads `process.env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const isProduction = parsed.data.NODE_ENV === 'production';
  if (isProduction) {
    const problems: string[] = [];
    const secret = parsed.data.APP_SECRET;
    if (!secret) problems.push('APP_SECRET: required in production (32+ random characters, e.g. `openssl rand -base64 48`)');
    else if (PUBLIC_SECRETS.includes(secret) || new Set(secret).size < 10) {
      problems.push('APP_SECRET: a published or guessable value; generate one with `openssl rand -base64 48`');
    }
    if (parsed.data.DEV_TOOLS) problems.push('DEV_TOOLS: must be off in production (it opens an unauthenticated mail endpoint)');
    // The base of every link in mail (one-click unsubscribe must be https: RFC 8058) and the only
    // origin CORS allows; plain http only for a production build tried on this machine (compose).
    const web = new URL(parsed.data.WEB_ORIGIN);
    if (web.protocol !== 'https:' && !LOOPBACK.has(web.hostname.replace(/^\[|\]$/g, ''))) {
      problems.push(`WEB_ORIGIN: must be https in production (${web.origin}); plain http only for localhost`);
    }
    if (problems.length) throw new ConfigError(problems);
  } else if (!parsed.data.APP_SECRET && !LOOPBACK.has(parsed.data.HOST)) {
    // The fallback secret is public: with it, anyone who can reach the api can forge device cookies.
    throw new ConfigError([`APP_SECRET: required when the api listens beyond this machine (HOST=${parsed.data.HOST})`]);
  }
  if (parsed.data.STORAGE_DRIVER === 's3' && !parsed.data.S3_BUCKET)
    throw new ConfigError(['S3_BUCKET: required when STORAGE_DRIVER=s3']);
  for (const p of ['GOOGLE', 'LINKEDIN'] as const) {
    if (!parsed.data[`${p}_CLIENT_ID`] !== !parsed.data[`${p}_CLIENT_SECRET`]) {
      throw new ConfigError([`${p}_CLIENT_ID and ${p}_CLIENT_SECRET: set both or neither`]);
    }
    // Plain http is for a provider on this machine (the tests' stand-in), never across a network.
    const issuer = new URL(parsed.data[`${p}_ISSUER`]);
    if (issuer.protocol === 'http:' && (isProduction || !LOOPBACK.has(issuer.hostname))) {
      throw new ConfigError([`${p}_ISSUER: must be https (http only for a provider on 127.0.0.1 outside production)`]);
    }
  }
  if (parsed.data.SHUTDOWN_DELAY_MS >= parsed.data.SHUTDOWN_TIMEOUT_MS) {
    throw new ConfigError(['SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_TIMEOUT_MS (the delay is part of the stop)']);
  }
  if (parsed.data.OPS_PORT !== 0 && parsed.data.OPS_PORT === parsed.data.PORT) {
    throw new ConfigError(['OPS_PORT: must differ from PORT (metrics never share the public port)']);
  }
  if (!parsed.data.S3_ACCESS_KEY_ID !== !parsed.data.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither']);
  }
  const dkim = ['MAIL_DKIM_DOMAIN', 'MAIL_DKIM_SELECTOR', 'MAIL_DKIM_PRIVATE_KEY'] as const;
  const dkimMissing = dkim.filter((k) => parsed.data[k] === undefined);
  if (dkimMissing.length > 0 && dkimMissing.length < dkim.length) {
    throw new ConfigError([`${dkim.join(', ')}: set all three or none (missing: ${dkimMissing.join(', ')})`]);
  }
  return {
    ...parsed.data,
    isProduction,
    devTools: parsed.data.DEV_TOOLS ?? !isProduction,
    apiDocs: parsed.data.API_DOCS ?? !isProduction,
    appSecret: parsed.data.APP_SECRET ?? DEV_SECRET,
  };
}
