import type { TFunction } from 'i18next';
import type { TranslationKey } from './i18n';

/** A form's own words for some schema message codes (`required`, `too-short`, …; `invalid` for the rest). */
export type FieldWording = Partial<Record<string, TranslationKey>>;

const MESSAGE_CODE = /^[a-z0-9-]+$/;

/**
 * A field's error in words. The contract's schemas fail with message codes (`required`,
 * `invalid-linkedin-url`, …): each is worded by the form's own `wording`, else by `forms.errors.<code>`;
 * anything else (a check without a code) reads as the form's `invalid` or `forms.errors.invalid`.
 */
export function fieldErrorText(
  t: TFunction,
  error: { message?: string } | undefined,
  wording: FieldWording = {},
): string | undefined {
  if (!error) return undefined;
  const code = error.message && MESSAGE_CODE.test(error.message) ? error.message : 'invalid';
  const keys = [wording[code], `forms.errors.${code}`, wording.invalid, 'forms.errors.invalid'].filter((k): k is string => !!k);
  return t(keys);
}
