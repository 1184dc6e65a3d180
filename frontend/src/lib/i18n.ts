import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/** One translation layer for every text a user reads; Arabic can follow as `ar.json`. */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

type Leaves<T, Prefix extends string> = T extends string | readonly unknown[]
  ? Prefix
  : { [K in keyof T & string]: Leaves<T[K], Prefix extends '' ? K : `${Prefix}.${K}`> }[keyof T & string];

/** A text of the English catalogue, by its dotted path (`signin.errors.network`). */
export type TranslationKey = Leaves<typeof en, ''>;

export default i18n;
