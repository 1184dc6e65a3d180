import { applyDecorators, Body, type PipeTransform } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { z } from 'zod';
import { DomainError, ValidationError } from './errors.js';

/** Validates a body with a zod schema; unknown fields are rejected (schemas are strict objects). */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.output<T> {
    if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
      if (value === undefined && this.schema.safeParse({}).success) return this.schema.parse({});
      throw new DomainError('invalid-body', 'Send a JSON object as the request body', 400);
    }
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

/** `@ZodBody(schema)` on a method documents the body in OpenAPI; `@Body(new ZodPipe(schema))` checks it. */
export function ZodBody(schema: z.ZodType) {
  return applyDecorators(ApiBody({ schema: z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as object }));
}

export const ValidBody = <T extends z.ZodType>(schema: T) => Body(new ZodPipe(schema));
