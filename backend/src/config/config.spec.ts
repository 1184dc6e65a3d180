import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works with no environment at all, with local defaults', () => {
    const c = loadConfig({});
    expect(c.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/mashrou');
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(c.PORT).toBe(3000);
    expect(c.WORKER_QUEUES).toEqual(['notifications', 'maintenance']);
    expect(c.devTools).toBe(true);
    expect(c.apiDocs).toBe(true);
    expect(c.TRUST_PROXY).toBe(0);
  });

  it('names every malformed variable', () => {
    let err: unknown;
    try {
      loadConfig({
        PORT: '-1',
        SMTP_URL: 'http://x',
        // Not a URL at all (an unsubstituted template): named, never a crash.
        S3_ENDPOINT: '${S3_ENDPOINT:-}',
        WORKER_QUEUES: 'notifications,bogus',
        JOB_ATTEMPTS: 'many',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    for (const name of ['PORT', 'SMTP_URL', 'S3_ENDPOINT', 'WORKER_QUEUES', 'JOB_ATTEMPTS']) expect(msg).toContain(name);
    expect(msg).toContain('unknown queue "bogus"');
  });

  it('refuses a stop delay as long as the stop itself, and metrics on the public port', () => {
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '30000', SHUTDOWN_TIMEOUT_MS: '25000' })).toThrow(
      'SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_TIMEOUT_MS',
    );
    expect(() => loadConfig({ PORT: '3000', OPS_PORT: '3000' })).toThrow('OPS_PORT: must differ from PORT');
    expect(loadConfig({ OPS_PORT: '9464', SHUTDOWN_DELAY_MS: '5000' })).toMatchObject({
      OPS_PORT: 9464,
      SHUTDOWN_DELAY_MS: 5000,
    });
  });

  it('turns dev tools and the API docs off in production, and refuses dev tools there', () => {
    const secret = 'k3Xq9vLp2WmZr8Tn4Yb7Hc1Jd6Fg0Sa5';
    const prod = loadConfig({ NODE_ENV: 'production', APP_SECRET: secret });
    expect([prod.devTools, prod.apiDocs]).toEqual([false, false]);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DEV_TOOLS: 'true' })).toThrow(
      'DEV_TOOLS: must be off in production',
    );
  });

  it('requires a real APP_SECRET in production: present, long, not a published or guessable one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('APP_SECRET: required in production');
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow('APP_SECRET');
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'mashrou-development-secret-change-me-0000' })).toThrow(
      'published or guessable',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'compose-local-secret-change-me-0123456789abcdef' })).toThrow(
      'published or guessable',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'a'.repeat(40) })).toThrow('published or guessable');
    // Links in mail (one-click unsubscribe among them) must be https, but for a production build on localhost.
    const secret = 'k3Xq9vLp2WmZr8Tn4Yb7Hc1Jd6Fg0Sa5';
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, WEB_ORIGIN: 'http://app.mashrou.example' })).toThrow(
      'WEB_ORIGIN: must be https in production',
    );
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, WEB_ORIGIN: 'https://app.mashrou.example' }).WEB_ORIGIN).toBe(
      'https://app.mashrou.example',
    );
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, WEB_ORIGIN: 'http://localhost:8080' }).WEB_ORIGIN).toBe(
      'http://localhost:8080',
    );
    // Outside production the public fallback is only for an api on this machine.
    expect(loadConfig({}).appSecret).toBe('mashrou-development-secret-change-me-0000');
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow('APP_SECRET: required when the api listens beyond this machine');
  });

  it('asks for a bucket with the S3 driver, and for both S3 keys or neither', () => {
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow('S3_BUCKET: required when STORAGE_DRIVER=s3');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow('S3_BUCKET');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'cvs', S3_ACCESS_KEY_ID: 'k' })).toThrow('set both or neither');
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER');
    const ok = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'mashrou-cvs',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect([ok.S3_BUCKET, ok.S3_FORCE_PATH_STYLE, ok.S3_REGION]).toEqual(['mashrou-cvs', true, 'us-east-1']);
  });
});
