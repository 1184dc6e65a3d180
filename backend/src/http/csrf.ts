import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../identity/index.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated writes: the request must come from our own origin
 * (Sec-Fetch-Site / Origin) or carry the X-Requested-With header our client sends, which a
 * cross-site form cannot set and CORS only allows from WEB_ORIGIN.
 */
export function registerCsrfCheck(fastify: FastifyInstance, webOrigin: string) {
  fastify.addHook('onRequest', async (req, reply) => {
    if (SAFE.has(req.method) || !req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return;
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const ok = req.headers['x-requested-with'] === 'mashrou' || site === 'same-origin' || origin === webOrigin;
    if (!ok) {
      await reply
        .status(403)
        .send({ code: 'csrf-check-failed', message: 'This request was refused for your safety. Reload the page and try again.' });
    }
  });
}
