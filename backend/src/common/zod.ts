import { SetMetadata, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { DomainError, ValidationError } from './errors.js';

/** Marks a route that reads a request body (see NoUnexpectedBodyGuard). */
export const ACCEPTS_BODY_KEY = 'http:acceptsBody';
export const AcceptsBody = () => SetMetadata(ACCEPTS_BODY_KEY, true);

/**
 * Text that PostgreSQL cannot store or that is not text at all: NUL bytes and unpaired UTF-16
 * surrogates. Refused at the edge (422), so they never reach a query as a 500.
 */
function badStrings(value: unknown, path: string[] = [], found: Record<string, string[]> = {}, depth = 0) {
  if (depth > 32) {
    (found[path.join('.') || '(body)'] ??= []).push('too-deep');
    return found;
  }
  if (typeof value === 'string') {
    if (value.includes('\u0000') || !value.isWellFormed()) (found[path.join('.') || '(body)'] ??= []).push('invalid-characters');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => badStrings(v, [...path, String(i)], found, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000') || !k.isWellFormed()) (found[[...path, '(key)'].join('.')] ??= []).push('invalid-characters');
      badStrings(v, [...path, k], found, depth + 1);
    }
  }
  return found;
}

/** Validates a body or query with a zod schema; unknown fields are rejected (schemas are strict objects). */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.output<T> {
    if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
      if (value === undefined && this.schema.safeParse({}).success) return this.schema.parse({});
      throw new DomainError('invalid-body', 'Send a JSON object as the request body', 400);
    }
    const bad = badStrings(value);
    if (Object.keys(bad).length) throw new ValidationError(bad);
    const parsed = this.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '(body)');
      (fields[key] ??= []).push(issue.message);
    }
    throw new ValidationError(fields);
  }
}
