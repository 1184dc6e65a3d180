/**
 * Quoted-printable as nodemailer writes a text part (`qp.wrap(qp.encode(text), 76)` of
 * nodemailer/lib/qp), byte for byte, without its per-line regular expressions and substrings:
 * nodemailer's `wrap` was the largest single cost of composing a mail (≈ 0.3 ms for a 4 kB
 * HTML part). quoted-printable.spec.ts compares both on templates and random input.
 */

const LINE = 76;
/** nodemailer's lineMargin: Math.floor(76 / 3). */
const MARGIN = 25;

/** 1 for the bytes QP writes as they are (RFC 2045 6.7: TAB, LF, CR, SP to '<', '>' to '~'). */
const LITERAL = new Uint8Array(256);
for (let b = 0; b < 256; b++)
  LITERAL[b] = b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b <= 0x7e && b !== 0x3d) ? 1 : 0;
const HEX = Buffer.from('0123456789ABCDEF', 'latin1');

/** Scratch space for the encoding (written and read back within one synchronous call; grows as needed). */
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * nodemailer's `qp.encode` of a whole text: its UTF-8 bytes (a lone surrogate as U+FFFD, as
 * `Buffer.from` writes it), each written as it is or as =XX, whitespace before a line break or at
 * the end encoded. Read from the string directly, written into one reused buffer.
 */
export function qpEncode(text: string): string {
  const len = text.length;
  if (scratch.length < len * 9) scratch = Buffer.allocUnsafe(len * 9);
  const out = scratch;
  let o = 0;
  const escape = (b: number) => {
    out[o++] = 0x3d;
    out[o++] = HEX[b >> 4] as number;
    out[o++] = HEX[b & 15] as number;
  };
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (LITERAL[c] === 1) {
        if (c !== 0x20 && c !== 0x09) {
          out[o++] = c;
          continue;
        }
        const next = i + 1 < len ? text.charCodeAt(i + 1) : -1;
        if (next !== -1 && next !== 0x0a && next !== 0x0d) {
          out[o++] = c;
          continue;
        }
      }
      escape(c);
    } else if (c < 0x800) {
      escape(0xc0 | (c >> 6));
      escape(0x80 | (c & 63));
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < len && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
      escape(0xf0 | (cp >> 18));
      escape(0x80 | ((cp >> 12) & 63));
      escape(0x80 | ((cp >> 6) & 63));
      escape(0x80 | (cp & 63));
    } else {
      const u = c >= 0xd800 && c <= 0xdfff ? 0xfffd : c; // a lone surrogate
      escape(0xe0 | (u >> 12));
      escape(0x80 | ((u >> 6) & 63));
      escape(0x80 | (u & 63));
    }
  }
  return out.toString('latin1', 0, o);
}

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const hexValue = (c: number) => (c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57);
/** str[at] is '=' followed by two hex digits (nothing checked past `end`). */
const isEscape = (s: string, at: number) =>
  s.charCodeAt(at) === 0x3d && isHex(s.charCodeAt(at + 1)) && isHex(s.charCodeAt(at + 2));
/** A character nodemailer's wrap may break after: SP, TAB, '.', ',', '!', '?'. */
const isBreak = (c: number) => c === 0x20 || c === 0x09 || c === 0x2e || c === 0x2c || c === 0x21 || c === 0x3f;

/** nodemailer's `qp.wrap(str, 76)`: soft line breaks ('=' CRLF) so that no line is longer than 76. */
export function qpWrap(str: string): string {
  const len = str.length;
  if (len <= LINE) return str;
  let result = '';
  let pos = 0;
  let crlf = str.indexOf('\r\n');
  while (pos < len) {
    let end = Math.min(pos + LINE, len); // the line is str[pos, end)
    if (crlf !== -1 && crlf < pos) crlf = str.indexOf('\r\n', pos);
    // a hard line break within the line ends it
    if (crlf !== -1 && crlf + 2 <= end) {
      end = crlf + 2;
      result += str.slice(pos, end);
      pos = end;
      continue;
    }
    if (str.charCodeAt(end - 1) === 0x0a) {
      result += str.slice(pos, end);
      pos = end;
      continue;
    }
    // a LF in the line's last 25 characters (with no CR after it) ends it
    const tail = Math.max(pos, end - MARGIN);
    let lf = end - 1;
    while (lf >= tail && str.charCodeAt(lf) !== 0x0a) lf--;
    if (lf >= tail && !hasCr(str, lf + 1, end)) {
      end = lf + 1;
      result += str.slice(pos, end);
      pos = end;
      continue;
    }
    let cut = -1;
    if (end - pos > LINE - MARGIN) {
      for (let k = end - 1; k >= tail; k--) {
        if (isBreak(str.charCodeAt(k))) {
          cut = k;
          break;
        }
      }
    }
    if (cut !== -1) {
      // after the last space or punctuation in the line's last 25 characters
      end = cut + 1;
    } else if (endsInEscapeStart(str, pos, end)) {
      // an incomplete =X at the end goes to the next line
      if (str.charCodeAt(end - 1) === 0x3d) end -= 1;
      else if (end - 2 >= pos && str.charCodeAt(end - 2) === 0x3d && isHex(str.charCodeAt(end - 1))) end -= 2;
      // and so do the bytes of a UTF-8 sequence that would be split
      while (end - pos > 3 && end < len && !onlyEscapes(str, pos, end) && end - 3 >= pos && isEscape(str, end - 3)) {
        const code = hexValue(str.charCodeAt(end - 2)) * 16 + hexValue(str.charCodeAt(end - 1));
        if (code < 128) break;
        end -= 3;
        if (code >= 0xc0) break;
      }
    }
    if (end === pos) end = Math.min(pos + LINE, len);
    if (end < len && str.charCodeAt(end - 1) !== 0x0a) {
      if (end - pos === LINE && isEscape(str, end - 3)) end -= 3;
      else if (end - pos === LINE) end -= 1;
      result += `${str.slice(pos, end)}=\r\n`;
    } else {
      result += str.slice(pos, end);
    }
    pos = end;
  }
  return result;
}

function hasCr(s: string, from: number, end: number) {
  for (let i = from; i < end; i++) if (s.charCodeAt(i) === 0x0d) return true;
  return false;
}

/** The line ends with '=', '=X' or '=XX' (X a hex digit). */
function endsInEscapeStart(s: string, pos: number, end: number) {
  for (let k = end - 1; k >= Math.max(pos, end - 3); k--) {
    if (s.charCodeAt(k) === 0x3d) {
      let hex = true;
      for (let j = k + 1; j < end; j++) hex &&= isHex(s.charCodeAt(j));
      if (hex) return true;
    }
  }
  return false;
}

/** The line is one to four escapes (=XX) and nothing else. */
function onlyEscapes(s: string, pos: number, end: number) {
  const n = end - pos;
  if (n < 3 || n > 12 || n % 3 !== 0) return false;
  for (let k = pos; k < end; k += 3) if (!isEscape(s, k)) return false;
  return true;
}
