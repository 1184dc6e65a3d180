import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { getQueueToken } from '@nestjs/bullmq';
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { Queue } from 'bullmq';
import { AppModule } from '../app.module.js';
import type { AppConfig } from '../config/config.js';
import { AllExceptionsFilter } from '../common/all-exceptions.filter.js';
import { QUEUE_NAMES } from '../queues/queues.js';
import { mountQueueBoard } from '../admin/index.js';
import { SessionsService } from '../identity/index.js';
import { InboxStream } from '../notifications/index.js';
import { registerRequestGate } from './csrf.js';
import { ContractCheckInterceptor } from './contract-check.interceptor.js';
import { openApiDocument } from './openapi.js';
import { serveWeb } from './serve-web.js';
import { Metrics } from '../metrics/metrics.js';
import { nameRequestSpan } from '../telemetry/spans.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Features no page of ours uses: a script that gets in cannot ask for them either (helmet does not set this header). */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), accelerometer=(), gyroscope=(), magnetometer=(), display-capture=(), browsing-topics=()';

/** Builds the api (not yet listening): used by main.ts and by the tests. */
export async function createApi(config: AppConfig, opts: { bufferLogs?: boolean } = {}) {
  const adapter = new FastifyAdapter({
    // A caller's well-formed X-Request-Id is kept (tracing across services); otherwise a fresh one.
    genReqId: (raw: IncomingMessage) => {
      const given = raw.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      (raw as { reqId?: string }).reqId = id;
      return id;
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Only TRUST_PROXY hops of X-Forwarded-For are believed (default none): a client cannot choose
    // its own address for the per-address limits.
    // (As Fastify does for a hop count: the hop nearest us is index 0.)
    trustProxy: config.TRUST_PROXY > 0 ? (_addr: string, hop: number) => hop < config.TRUST_PROXY : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: opts.bufferLogs ?? true,
    // No urlencoded parser: the api takes JSON (Fastify's own parser) and multipart on uploads (the
    // one-click unsubscribe's form body is read below, and ignored).
    bodyParser: false,
    ...(config.LOG_LEVEL === 'silent' ? { logger: false as const } : {}),
  });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());
  if (!config.isProduction) app.useGlobalInterceptors(new ContractCheckInterceptor());
  const fastify = app.getHttpAdapter().getInstance();
  // A stop (Fastify's close) refuses new requests with 503, answers those in flight, and only then do
  // the modules close (main.ts). Live notification streams are not requests in flight: they end as
  // the stop begins.
  fastify.addHook('preClose', (done) => {
    app.get(InboxStream, { strict: false }).endAll();
    // Node closes the connections idle when the stop begins; one still answering a request becomes
    // idle later and would otherwise stay open for the keep-alive timeout, holding the stop.
    const reap = setInterval(() => {
      fastify.server.closeIdleConnections();
    }, 100);
    reap.unref();
    fastify.server.once('close', () => {
      clearInterval(reap);
    });
    done();
  });
  // Rate, duration and errors by route template: a path no route matched is "unmatched", and every
  // file of the web build (a route each, hashed names) is "static", so series never grow with builds.
  // The request's trace span is named the same way.
  const metrics = app.get(Metrics);
  const routeLabel = (url: string | undefined) =>
    url === undefined ? 'unmatched' : /^\/(api|admin|dashboard)(\/|$)/.test(url) ? url : 'static';
  fastify.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    nameRequestSpan(routeLabel(req.routeOptions.url));
    done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    metrics.request(req.method, routeLabel(req.routeOptions.url), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  fastify.removeContentTypeParser('text/plain');

  // helmet's middleware, built once (its options never change per request; @fastify/helmet builds it
  // again on every request, which cost a cheap request ≈ 9 % of its throughput: docs/benchmarks.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Inline speculation rules only (never a script): the dashboard asks for the screen behind a
        // link that keyboard focus reaches (frontend features/dashboard/prefetch-on-focus.ts).
        scriptSrc: ["'self'", "'inline-speculation-rules'"],
        // Mantine and the Swagger/Bull Board UIs set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // Browsers keep HSTS only over HTTPS, which production is (TLS ends at the proxy in front).
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  fastify.addHook('onRequest', (req, reply, done) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    securityHeaders(req.raw, reply.raw, (err?: unknown) => {
      done(err instanceof Error ? err : undefined);
    });
  });
  // Body types and same-origin writes: one gate before any parser, guard or handler (csrf.ts); its
  // refusals carry the headers above.
  registerRequestGate(fastify, config.WEB_ORIGIN);
  await app.register(cors, { origin: [config.WEB_ORIGIN], credentials: true });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.FILE_MAX_BYTES, files: 1 } });
  // RFC 8058: a mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; the
  // request gate lets such a body reach only the `oneClick` routes, which need nothing from it.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => {
      done(null, {});
    },
  );

  if (config.apiDocs) {
    SwaggerModule.setup('api/docs', app, openApiDocument({ devTools: config.devTools }) as never, {
      jsonDocumentUrl: 'api/docs/openapi.json',
    });
  }

  // Bull Board, admins only, by the same session as the rest of the app.
  const queues = QUEUE_NAMES.map((name) => app.get<Queue>(getQueueToken(name)));
  await mountQueueBoard(fastify, queues, '/admin/queues', app.get(SessionsService), config.WEB_ORIGIN);

  if (config.SERVE_WEB_DIR) await serveWeb(app, resolve(config.SERVE_WEB_DIR));
  return app;
}
