import { describe, expect, it } from 'vitest';
import { StudentInfoBody } from '@mashrou/contracts';
import i18n from './i18n';
import { fieldErrorText } from './form-errors';

const t = i18n.t.bind(i18n);

describe('field errors from the schemas', () => {
  it("words the contract's message codes", () => {
    const issues =
      StudentInfoBody.safeParse({ school: '', graduationYear: undefined, linkedin: 'not a url' }).error?.issues ?? [];
    const words = Object.fromEntries(issues.map((i) => [i.path.join('.'), fieldErrorText(t, { message: i.message })]));
    expect(words).toEqual({
      school: 'This field is required',
      graduationYear: 'This field is required',
      linkedin: 'Enter your LinkedIn profile URL, e.g. https://www.linkedin.com/in/your-name',
    });
  });

  it("a form's own words win; a check without a code reads as the form's invalid text", () => {
    expect(fieldErrorText(t, { message: 'too-short' }, { 'too-short': 'market.project.tooShort' })).toBe(
      'Write at least 20 characters.',
    );
    expect(fieldErrorText(t, { message: 'Too big: expected string to have <=300 characters' })).toBe('Please check this field.');
    expect(fieldErrorText(t, { message: 'Too big' }, { invalid: 'market.form.errors.generic' })).toBe(
      'Please check the highlighted fields.',
    );
    expect(fieldErrorText(t, undefined)).toBeUndefined();
  });
});
