import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works with no environment at all, with local defaults', () => {
    const c = loadConfig({});
    expect(c.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/mashrou');
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(c.PORT).toBe(3000);
    expect(c.WORKER_QUEUES).toEqual(['notifications']);
    expect(c.devTools).toBe(true);
  });

  it('names every malformed variable', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: '-1', SMTP_URL: 'http://x', WORKER_QUEUES: 'notifications,bogus', JOB_ATTEMPTS: 'many' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    for (const name of ['PORT', 'SMTP_URL', 'WORKER_QUEUES', 'JOB_ATTEMPTS']) expect(msg).toContain(name);
    expect(msg).toContain('unknown queue "bogus"');
  });

  it('turns dev tools off in production unless asked', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DEV_TOOLS: 'true' }).devTools).toBe(true);
  });

  it('requires a real APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('APP_SECRET');
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow('APP_SECRET');
  });

  it('asks for a bucket with the S3 driver, and for both S3 keys or neither', () => {
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow('S3_BUCKET: required when STORAGE_DRIVER=s3');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow('S3_BUCKET');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'cvs', S3_ACCESS_KEY_ID: 'k' })).toThrow('set both or neither');
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER');
    const ok = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'mashrou-cvs', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect([ok.S3_BUCKET, ok.S3_FORCE_PATH_STYLE, ok.S3_REGION]).toEqual(['mashrou-cvs', true, 'us-east-1']);
  });
});
