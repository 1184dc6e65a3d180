import type { ApiClient } from './client.js';

/** A small valid-looking PDF (judged by its first bytes, like the api does). */
export const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 65), Buffer.from('\n%%EOF\n')]);

export function multipart(name: string, content: Buffer, type = 'application/pdf') {
  const boundary = '----mashrou' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/files as `c`. */
export function upload(c: ApiClient, path: string, name: string, content: Buffer, type?: string) {
  const m = multipart(name, content, type);
  return c.request('POST', `/api/files?path=${encodeURIComponent(path)}`, m.body, { 'content-type': m.contentType });
}
