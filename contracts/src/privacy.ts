import { z } from 'zod';
import { Timestamp } from './common.js';
import { endpoint } from './endpoint.js';

/** A data export as its owner sees it (the link only while it is ready and not expired). */
export const DataExport = z.strictObject({
  id: z.uuid(),
  status: z.enum(['pending', 'ready', 'failed', 'expired']),
  requestedAt: Timestamp,
  readyAt: Timestamp.optional(),
  expiresAt: Timestamp.optional(),
  /** Bytes of the archive, once ready. */
  size: z.number().int().optional(),
});
export type DataExport = z.output<typeof DataExport>;

export const DataExportEnvelope = z.strictObject({ export: DataExport.nullable() });
/** The emailed link's token; without one, the caller's latest ready export (Settings' download button). */
export const ExportDownloadQuery = z.strictObject({
  token: z.string().min(10, 'invalid-argument').max(200, 'too-long').optional(),
});
export const DeleteAccountBody = z.strictObject({ password: z.string().min(1, 'required').max(200, 'too-long') });

/** People own their data: a copy of everything we hold about the account, and deleting it. */
export const privacy = {
  requestExport: endpoint({
    method: 'POST',
    path: '/me/export',
    tag: 'privacy',
    status: 202,
    errors: { 409: ['export-in-progress'], 429: ['too-many-exports'], 503: ['service-unavailable'] },
    response: DataExportEnvelope,
    summary: 'Ask for a copy of your data (a zip, prepared in the background; an email when ready)',
  }),
  latestExport: endpoint({
    method: 'GET',
    path: '/me/export',
    tag: 'privacy',
    status: 200,
    response: DataExportEnvelope,
    summary: 'Your latest data export and its status',
  }),
  downloadExport: endpoint({
    method: 'GET',
    path: '/me/export/download',
    tag: 'privacy',
    status: 200,
    errors: { 404: ['export-not-found'], 410: ['export-link-expired'] },
    query: ExportDownloadQuery,
    response: 'binary',
    summary: "Download your data export, by the emailed link's token or your latest ready one (signed in as its owner; 24 hours)",
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/me/delete',
    tag: 'privacy',
    status: 204,
    errors: { 401: ['wrong-password'], 409: ['last-admin'], 429: ['too-many-attempts'], 503: ['busy'] },
    body: DeleteAccountBody,
    response: null,
    summary: 'Delete your account and erase your data (your password confirms it); the session ends',
  }),
};
