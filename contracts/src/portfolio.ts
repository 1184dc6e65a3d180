import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { PORTFOLIO_REVIEWS_MAX } from './values.js';

/** A portfolio's stable public address: /portfolio/<slug> (random, kept when the name changes). */
export const PortfolioSlug = z.string().regex(/^[a-z2-7]{12}$/, 'invalid');

/** What the student chose: published or not (off by default), kept out of search engines or not, whether the assessment shows, which reviews show. */
export const PortfolioSettingsBody = z.strictObject({
  published: z.boolean(),
  noindex: z.boolean(),
  /** Show the skills assessment's scores (off until chosen). */
  showAssessment: z.boolean(),
  /** Reviews of their work by companies (ids from `reviewsToChoose`). */
  reviewIds: z.array(Id).max(PORTFOLIO_REVIEWS_MAX, 'too-many'),
});
export type PortfolioSettingsBody = z.input<typeof PortfolioSettingsBody>;

/** A company's review of the student's work, as a portfolio shows it. */
export const PortfolioReview = z.strictObject({
  id: Id,
  projectTitle: z.string(),
  companyName: z.string(),
  overall: z.number(),
  scores: z.record(z.string(), z.number().int()),
  text: z.string(),
  createdAt: Timestamp,
});

/** The student's own view: the settings, the address, and the reviews they may choose from. */
export const OwnPortfolio = PortfolioSettingsBody.extend({
  /** None until the first save. */
  slug: PortfolioSlug.nullable(),
  reviewsToChoose: z.array(PortfolioReview),
});
export type OwnPortfolio = z.output<typeof OwnPortfolio>;

/** A published portfolio, as anyone reads it: only what its student chose to show. */
export const PublicPortfolio = z.strictObject({
  name: z.string(),
  bio: z.string().nullable(),
  skills: z.array(z.string()),
  /** The skills assessment: overall and per area (0–100), when its student chose to show it. */
  assessment: z.strictObject({ overall: z.number().int(), scores: z.record(z.string(), z.number()) }).nullable(),
  /** Completed engagements with a valid certificate (its code opens /verify/<code>). */
  projects: z.array(
    z.strictObject({
      projectTitle: z.string(),
      companyName: z.string(),
      completedOn: z.string(),
      skills: z.array(z.string()),
      certificateCode: z.string(),
    }),
  ),
  reviews: z.array(PortfolioReview),
  /** Its student asked search engines not to list it. */
  noindex: z.boolean(),
});
export type PublicPortfolio = z.output<typeof PublicPortfolio>;

export const portfolio = {
  own: endpoint({
    method: 'GET',
    path: '/me/portfolio',
    tag: 'portfolio',
    status: 200,
    access: ['student'],
    response: OwnPortfolio,
    summary: 'Your portfolio: whether it is published, its address, and the reviews you may show',
  }),
  save: endpoint({
    method: 'PUT',
    path: '/me/portfolio',
    tag: 'portfolio',
    status: 200,
    access: ['student'],
    body: PortfolioSettingsBody,
    response: OwnPortfolio,
    summary: 'Publish or unpublish your portfolio, keep it out of search engines, choose the reviews it shows',
  }),
  read: endpoint({
    method: 'GET',
    path: '/portfolios/:slug',
    tag: 'portfolio',
    status: 200,
    access: 'public',
    errors: { 404: ['portfolio-not-found'], 429: ['too-many-requests'] },
    params: z.strictObject({ slug: PortfolioSlug }),
    response: PublicPortfolio,
    summary: 'A published portfolio, for anyone (404 while it is not published)',
  }),
};
