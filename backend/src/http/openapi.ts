import { api, ErrorBody, errorAnswers, type EndpointDef, type ErrorCode, type ErrorStatus } from '@mashrou/contracts';
import { z } from 'zod';

type Schema = Record<string, unknown>;
const json = (schema: z.ZodType, io: 'input' | 'output'): Schema =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });

/** One OpenAPI parameter per field of a params or query object schema. */
function parameters(where: 'path' | 'query', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: json(field as z.ZodType, 'input'),
  }));
}

const REASONS: Record<ErrorStatus, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** One documented error status: the shared error schema, its `code` narrowed to what this route answers with it. */
const errorResponse = (status: ErrorStatus, codes: ErrorCode[]) => ({
  description: `${REASONS[status]}: \`code\` is ${codes.length > 1 ? 'one of ' : ''}${codes.map((c) => `\`${c}\``).join(', ')}`,
  content: {
    'application/json': {
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Error' },
          { type: 'object', properties: { code: { type: 'string', enum: codes } } },
        ],
      },
    },
  },
});

function operation(area: string, name: string, e: EndpointDef) {
  const response =
    e.response === null
      ? { description: 'No content' }
      : e.response === 'binary'
        ? {
            description: 'The file, as an attachment',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          }
        : e.response === 'redirect'
          ? {
              description: 'A redirect: the browser goes on to `Location`',
              headers: { Location: { schema: { type: 'string', format: 'uri-reference' } } },
            }
          : e.response === 'event-stream'
            ? {
                description: 'Server-Sent Events (stays open)',
                content: { 'text/event-stream': { schema: { type: 'string' } } },
              }
            : { description: 'Success', content: { 'application/json': { schema: json(e.response, 'output') } } };
  const body = e.multipart
    ? {
        required: true,
        content: {
          'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } },
        },
      }
    : e.body
      ? { required: true, content: { 'application/json': { schema: json(e.body, 'input') } } }
      : undefined;
  return {
    operationId: `${area}.${name}`,
    tags: [e.tag],
    summary: e.summary,
    // A public route needs no session (it still learns who is calling, if anyone).
    ...(e.access === 'public' ? { security: [{}, { session: [] }] } : {}),
    parameters: [...parameters('path', e.params), ...parameters('query', e.query)],
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(e.status)]: response,
      ...Object.fromEntries(errorAnswers(e).map(({ status, codes }) => [String(status), errorResponse(status, codes)])),
      default: {
        description: 'Any other error (`internal-error`, or `busy` while the server restarts): `{ code, message, details? }`',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

/**
 * The OpenAPI document, generated from the contracts (`@mashrou/contracts`): every route with its
 * path and query parameters, request body and response schema — the same schemas the api validates with —
 * and every error status it can answer with its codes (`errorAnswers`: the route's own, and the
 * platform's derived from its contract). A public route's session is optional.
 */
export function openApiDocument(opts: { devTools: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [area, endpoints] of Object.entries(api)) {
    for (const [name, e] of Object.entries(endpoints as Record<string, EndpointDef>)) {
      // The dev tools' routes exist only where DEV_TOOLS is on.
      if (e.tag === 'dev' && !opts.devTools) continue;
      const path = `/api${e.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      (paths[path] ??= {})[e.method.toLowerCase()] = operation(area, name, e);
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Mashrou API',
      version: '0.1.0',
      description:
        'REST API of Mashrou. Errors are `{ code, message, details? }`. Signed-in calls carry the `mashrou_session` cookie; ' +
        'cookie-authenticated writes also send `X-Requested-With: mashrou` (CSRF).',
    },
    // Relative: the api is served from the same origin as this document.
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: json(ErrorBody, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'mashrou_session' } },
    },
    security: [{ session: [] }],
  };
}
