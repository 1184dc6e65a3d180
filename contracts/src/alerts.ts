import { z } from 'zod';
import { Id, IdParams, Timestamp, WorkMode } from './common.js';
import { endpoint } from './endpoint.js';
import { BrowseProject } from './marketplace.js';
import { SAVED_SEARCHES_MAX } from './values.js';

export { SAVED_SEARCHES_MAX };

/** A search a student keeps (Browse's words and filters), and how they hear of new projects matching it. */
export const SavedSearchBody = z
  .strictObject({
    q: z.string().trim().max(200, 'too-long').optional(),
    skill: z.string().trim().max(40, 'too-long').optional(),
    mode: WorkMode.optional(),
    paid: z.boolean().optional(),
    maxWeeks: z.number().int().min(1).max(104).optional(),
    /** In the app, as soon as a matching project is approved. */
    instant: z.boolean(),
    /** A daily email of the day's matches. */
    daily: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (!v.q && !v.skill && !v.mode && v.paid === undefined && !v.maxWeeks)
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'required' });
  });
export type SavedSearchBody = z.input<typeof SavedSearchBody>;

export const SavedSearchAlertsBody = z.strictObject({ instant: z.boolean(), daily: z.boolean() });

export const SavedSearch = z.strictObject({
  id: Id,
  q: z.string().nullable(),
  skill: z.string().nullable(),
  mode: WorkMode.nullable(),
  paid: z.boolean().nullable(),
  maxWeeks: z.number().int().nullable(),
  instant: z.boolean(),
  daily: z.boolean(),
  createdAt: Timestamp,
});
export type SavedSearch = z.output<typeof SavedSearch>;

export const alerts = {
  list: endpoint({
    method: 'GET',
    path: '/me/saved-searches',
    tag: 'alerts',
    status: 200,
    access: ['student'],
    response: z.strictObject({ items: z.array(SavedSearch) }),
    summary: 'Your saved searches, newest first',
  }),
  save: endpoint({
    method: 'POST',
    path: '/me/saved-searches',
    tag: 'alerts',
    status: 201,
    access: ['student'],
    errors: { 409: ['too-many-saved-searches'] },
    body: SavedSearchBody,
    response: SavedSearch,
    summary: `Save a search (words and/or filters; at most ${SAVED_SEARCHES_MAX}) and how to hear of new matching projects`,
  }),
  change: endpoint({
    method: 'PUT',
    path: '/me/saved-searches/:id',
    tag: 'alerts',
    status: 200,
    access: ['student'],
    errors: { 404: ['saved-search-not-found'] },
    params: IdParams,
    body: SavedSearchAlertsBody,
    response: SavedSearch,
    summary: 'Choose how you hear of new matching projects (in the app, a daily email, both or neither)',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/me/saved-searches/:id',
    tag: 'alerts',
    status: 204,
    access: ['student'],
    errors: { 404: ['saved-search-not-found'] },
    params: IdParams,
    response: null,
    summary: 'Delete a saved search',
  }),
  suggestions: endpoint({
    method: 'GET',
    path: '/marketplace/suggestions',
    tag: 'alerts',
    status: 200,
    access: ['student'],
    response: z.strictObject({ items: z.array(BrowseProject) }),
    summary: "Open projects matching any of your saved searches that you have not applied to, newest first (the home page's)",
  }),
};
