import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once: the options never change per request, so the middleware runs
 * once at boot against a recording response and every reply gets the same headers (helmet parsed
 * and re-serialized its directives on every request before).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      // Object keys are the recorded header names.
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failed: Error | undefined;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) failed = err instanceof Error ? err : new Error('helmet refused its options');
  });
  if (failed) throw failed;
  return headers;
}

/** Features no page of ours uses: a script that gets in cannot ask for them either. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), accelerometer=(), gyroscope=(), magnetometer=(), display-capture=(), browsing-topics=()';

export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions) {
  const headers = { ...securityHeaders(options), 'permissions-policy': PERMISSIONS_POLICY };
  fastify.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
