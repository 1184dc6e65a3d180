import { describe, expect, it } from '@jest/globals';
import * as qp from 'nodemailer/lib/qp';
import { previewProps, renderEmail, type TemplateName } from '@mashrou/emails';
import { qpEncode, qpWrap } from './quoted-printable.js';

/** Ours against nodemailer's, for the encoding, the wrapping of the encoding, and the wrapping of any string. */
function expectSame(text: string) {
  const encoded = qp.encode(text);
  expect({ text, encoded: qpEncode(text) }).toEqual({ text, encoded });
  expect({ text, wrapped: qpWrap(encoded) }).toEqual({ text, wrapped: qp.wrap(encoded, 76) });
  expect({ text, raw: qpWrap(text) }).toEqual({ text, raw: qp.wrap(text, 76) });
}

describe('quoted-printable (nodemailer’s bytes, faster)', () => {
  it('encodes and wraps every template’s HTML and text as nodemailer does', async () => {
    for (const name of Object.keys(previewProps) as TemplateName[]) {
      const { html, text, subject } = await renderEmail(name, previewProps[name]);
      for (const s of [html, text, subject]) expectSame(s);
    }
  });

  it('handles the edges: line ends, trailing whitespace, dots, escapes at the wrap, split UTF-8, Arabic', () => {
    const cases = [
      '',
      'short',
      'x'.repeat(75),
      'x'.repeat(76),
      'x'.repeat(77),
      `${'x'.repeat(74)}é${'y'.repeat(10)}`,
      `${'x'.repeat(73)}💥${'y'.repeat(10)}`,
      'a '.repeat(60),
      `trailing space \nand tab\t\r\nend `,
      `${'x'.repeat(70)}\n${'y'.repeat(100)}`,
      `${'x'.repeat(60)}\r${'y'.repeat(30)}\n${'z'.repeat(100)}`,
      '=?='.repeat(60),
      'مرحبا بك في مشروع — '.repeat(30),
      'ab,cd!ef?gh.ij'.repeat(20),
      '\r\n'.repeat(50),
      '\n\n\r\r'.repeat(40),
    ];
    for (const c of cases) expectSame(c);
  });

  it('matches nodemailer on random input (fuzz)', () => {
    const alphabet = [
      'a',
      'B',
      '7',
      'f',
      'F',
      ' ',
      '\t',
      '\n',
      '\r',
      '\r\n',
      '.',
      ',',
      '!',
      '?',
      '=',
      '=3D',
      '=C3',
      '=e2',
      'é',
      'ع',
      '—',
      '💥',
      '\u00a0',
      '\x01',
      '~',
      '<',
      '>',
      'word',
      '\ud800',
      '\udc00',
      '😀',
      '\u07ff',
      '\u0800',
      '\uffff',
    ];
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      const len = rand(i % 10 === 0 ? 1200 : 250);
      expectSame(Array.from({ length: len }, () => alphabet[rand(alphabet.length)]).join(''));
    }
  });
});
