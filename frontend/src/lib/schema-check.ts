import type { ZodType } from 'zod';

/** A field's problem: its message is an error code (`too-short`), worded by `fieldErrorText`. */
export interface FieldProblem {
  message: string;
}

/** A form's values as a schema reads them: the body to send, or each field's first problem. */
export type Checked<Values, Body> =
  { body: Body; errors?: undefined } | { body?: undefined; errors: Partial<Record<keyof Values, FieldProblem>> };

/**
 * The check of a form kept in React state (a form of one or two fields, on a screen that loads no form
 * library): the contract's schema, as the other forms' react-hook-form resolvers use it.
 */
export const checkWith =
  <Values, Body>(schema: ZodType<Body, Values>) =>
  (values: Values): Checked<Values, Body> => {
    const result = schema.safeParse(values);
    if (result.success) return { body: result.data };
    const errors: Partial<Record<keyof Values, FieldProblem>> = {};
    for (const issue of result.error.issues) errors[issue.path[0] as keyof Values] ??= { message: issue.message };
    return { errors };
  };
