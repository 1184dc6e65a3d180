import { z } from 'zod';
import { IdParams, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';

/** Logical paths: a folder and a name, never the root, never `..`. */
export const FILE_PATH = /^[a-z0-9_-]{1,40}(\/[A-Za-z0-9_. ()-]{1,120})+$/;

export const StoredFile = z.strictObject({
  id: z.uuid(),
  path: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: Timestamp,
  /** Only when a link was just issued (upload, new link): readable without a session until it expires. */
  downloadUrl: z.string().optional(),
  downloadUrlExpiresAt: Timestamp.optional(),
});
export type StoredFile = z.output<typeof StoredFile>;

export const files = {
  upload: endpoint({
    method: 'POST',
    path: '/files',
    tag: 'files',
    status: 201,
    errors: {
      400: ['invalid-argument'],
      402: ['quota-exceeded'],
      409: ['file-exists'],
      413: ['file-too-large'],
      415: ['invalid-format'],
    },
    multipart: true,
    query: z.strictObject({ path: z.string().max(300).optional() }),
    response: StoredFile,
    summary:
      'Upload a file (multipart field `file`) to a non-root path: a PDF (`?path=cv/resume.pdf`); under `deliverables/` also images (PNG, JPEG, GIF, WebP), zip archives and office documents. Its kind is judged by its bytes',
  }),
  list: endpoint({
    method: 'GET',
    path: '/files',
    tag: 'files',
    status: 200,
    response: z.array(StoredFile),
    summary: 'Your files',
  }),
  download: endpoint({
    method: 'GET',
    path: '/files/:id',
    tag: 'files',
    status: 200,
    access: 'public',
    errors: { 401: ['unauthenticated'], 403: ['unauthorized', 'link-expired'], 404: ['object-not-found'] },
    params: IdParams,
    query: z.strictObject({ token: z.string().max(200).optional() }),
    response: 'binary',
    summary:
      'Download a file (its token, its owner, whom it was shared with, or an admin if it was shared), always as an attachment',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/files/:id',
    tag: 'files',
    status: 204,
    errors: { 403: ['unauthorized'], 404: ['object-not-found'] },
    params: IdParams,
    response: null,
    summary: 'Delete one of your files',
  }),
  newLink: endpoint({
    method: 'POST',
    path: '/files/:id/token',
    tag: 'files',
    status: 200,
    errors: { 403: ['unauthorized'], 404: ['object-not-found'] },
    params: IdParams,
    response: StoredFile,
    summary: 'Revoke the download link of one of your files and get a new one',
  }),
};
