import { describe, expect, it } from '@jest/globals';
import { NotFoundException } from '@nestjs/common';
import { toErrorResponse } from './all-exceptions.filter.js';
import { ConflictError, ValidationError } from './errors.js';

describe('toErrorResponse', () => {
  it('a thrown bug is a 500 with no stack or internal message', () => {
    const r = toErrorResponse(new TypeError('cannot read properties of undefined (secret internals)'));
    expect(r.status).toBe(500);
    expect(r.unexpected).toBe(true);
    expect(JSON.stringify(r.body)).not.toContain('secret internals');
    expect(JSON.stringify(r.body)).not.toContain('at ');
    expect(r.body.code).toBe('internal-error');
  });

  it('domain errors keep their code, status and details', () => {
    expect(toErrorResponse(new ConflictError('email-already-registered', 'Taken')).status).toBe(409);
    const v = toErrorResponse(new ValidationError({ email: ['Required'] }));
    expect(v).toMatchObject({ status: 422, body: { code: 'validation-failed', details: { fields: { email: ['Required'] } } } });
  });

  it('Nest HTTP exceptions map to kebab-case codes', () => {
    expect(toErrorResponse(new NotFoundException()).body).toEqual({ code: 'not-found', message: 'No such route' });
  });
});
