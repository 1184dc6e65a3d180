import { describe, expect, it } from '@jest/globals';
import { isDependencyUnavailable } from './dependency-unavailable.js';

const error = (message: string, fields: Record<string, unknown> = {}) => Object.assign(new Error(message), fields);

describe('isDependencyUnavailable', () => {
  it('knows PostgreSQL and Redis away, as their drivers say it, through causes', () => {
    expect(isDependencyUnavailable(error('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDependencyUnavailable(error('terminating connection due to administrator command', { code: '57P01' }))).toBe(true);
    expect(isDependencyUnavailable(error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyUnavailable(error('wrapped', { name: 'DriverException', cause: error('x', { code: '08006' }) }))).toBe(
      true,
    );
    expect(
      isDependencyUnavailable(error('Reached the max retries per request limit', { name: 'MaxRetriesPerRequestError' })),
    ).toBe(true);
  });

  it('is not a bug, a constraint, or the mail server: an SMTP error (nodemailer names its command) counts as an attempt', () => {
    expect(isDependencyUnavailable(new Error('boom'))).toBe(false);
    expect(isDependencyUnavailable(error('duplicate key', { code: '23505' }))).toBe(false);
    expect(isDependencyUnavailable(error('Connection timeout', { code: 'ETIMEDOUT', command: 'CONN' }))).toBe(false);
    expect(isDependencyUnavailable(error('Greeting never received', { code: 'ETIMEDOUT', command: 'CONN' }))).toBe(false);
    expect(isDependencyUnavailable(undefined)).toBe(false);
  });
});
