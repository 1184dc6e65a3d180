import type { FastifyReply } from 'fastify';
import { TYPE_EXTENSIONS } from '../common/file-types.js';

/**
 * The name a download is saved under: the uploader's name without its own extension (path parts,
 * control characters and the characters file systems refuse dropped), then the extension of the
 * type we verified — so an upload named `page.html` whose bytes are a PDF saves as `page.pdf`.
 */
export function downloadName(name: string, contentType: string): string {
  const extension = TYPE_EXTENSIONS[contentType] ?? 'bin';
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const cleaned = (dot > 0 ? base.slice(0, dot) : base)
    // Format characters (right-to-left overrides that would show `cv.pdf` as `fdp.vc`, zero-width
    // joiners) go; control characters and what file systems refuse become `_`.
    .replace(/\p{Cf}/gu, '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f"*:<>?|]/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  // Cut by characters, never inside one (a half emoji cannot be encoded).
  const stem = Array.from(cleaned).slice(0, 120).join('');
  return `${stem || 'file'}.${extension}`;
}

/**
 * `attachment` with the name twice (RFC 6266): ASCII for old clients, UTF-8 (RFC 8187) for the rest.
 * (The `content-disposition` package does this too, but importing it beside @fastify/static's
 * `require` of the same ES module breaks under Jest's module loader; the rule is short.)
 */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '_');
  if (ascii === name) return `attachment; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a stored file as an attachment, never as a page: the verified type (anything else is
 * `application/octet-stream`), a name with that type's extension (UTF-8 names kept, RFC 6266),
 * `nosniff`, and a sandboxing Content-Security-Policy should a browser render it anyway.
 */
export function sendFile(
  reply: FastifyReply,
  file: { name: string; contentType: string; size?: number | null },
  body: unknown,
  extra: Record<string, string> = {},
) {
  const type = file.contentType in TYPE_EXTENSIONS ? file.contentType : 'application/octet-stream';
  return reply
    .headers({
      'content-type': type,
      ...(file.size != null ? { 'content-length': String(file.size) } : {}),
      'content-disposition': attachment(downloadName(file.name, type)),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
      ...extra,
    })
    .send(body);
}
