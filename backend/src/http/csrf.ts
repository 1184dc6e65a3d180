import { ALL_ENDPOINTS } from '@mashrou/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `POST /api/files` etc.: the only routes whose contract declares a multipart body. */
const MULTIPART_ROUTES = new Set(ALL_ENDPOINTS.filter((e) => e.multipart).map((e) => `${e.method} /api${e.path}`));
/** `POST /api/unsubscribe`: a mail client's one-click form post, from no page (contracts' `oneClick`). */
const ONE_CLICK_ROUTES = new Set(ALL_ENDPOINTS.filter((e) => e.oneClick).map((e) => `${e.method} /api${e.path}`));

function mediaType(req: FastifyRequest): string | undefined {
  const raw = req.headers['content-type'];
  if (raw === undefined) return undefined;
  return (raw.split(';', 1)[0] ?? '').trim().toLowerCase();
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Same-origin by the browser's own word (Sec-Fetch-Site / Origin) or by our client's header. */
function isSameOrigin(req: FastifyRequest, webOrigin: string): boolean {
  return (
    req.headers['x-requested-with'] === 'mashrou' ||
    req.headers['sec-fetch-site'] === 'same-origin' ||
    req.headers.origin === webOrigin
  );
}

/**
 * One gate in front of every route, before any parser, guard or handler runs:
 * - a body must be of a type the contracts declare — JSON, multipart on the routes marked
 *   `multipart`, a form (urlencoded or multipart) on the `oneClick` ones — else 415 (so an HTML form, `text/plain`
 *   or urlencoded, from any site reaches nothing else);
 * - every state-changing request, signed in or not (sign-in, sign-up and reset included: login
 *   CSRF), must be same-origin: `Sec-Fetch-Site: same-origin`, an `Origin` equal to WEB_ORIGIN, or
 *   our client's `X-Requested-With: mashrou`, which a cross-site form cannot send and CORS only
 *   lets WEB_ORIGIN's scripts send. Otherwise 403. The `oneClick` routes (a signed token, no
 *   cookie) are the exception: a mail client posts to them from no page.
 */
export function registerRequestGate(fastify: FastifyInstance, webOrigin: string) {
  fastify.addHook('onRequest', async (req, reply) => {
    const type = mediaType(req);
    const route = `${req.method} ${req.routeOptions.url ?? ''}`;
    if (hasBody(req) || (type !== undefined && !SAFE.has(req.method))) {
      const declared =
        type === 'application/json' ||
        (type === 'multipart/form-data' && MULTIPART_ROUTES.has(route)) ||
        // RFC 8058's one-click post is a form, urlencoded or multipart (its own example): never read.
        ((type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') && ONE_CLICK_ROUTES.has(route));
      if (!declared) {
        return reply.status(415).send({
          code: 'unsupported-media-type',
          message: 'Send the request body as JSON (application/json).',
        });
      }
    }
    // A one-click route acts on its signed token alone (no cookie is read): nothing to forge.
    if (SAFE.has(req.method) || isSameOrigin(req, webOrigin) || ONE_CLICK_ROUTES.has(route)) return;
    return reply
      .status(403)
      .send({ code: 'csrf-check-failed', message: 'This request was refused for your safety. Reload the page and try again.' });
  });
}
