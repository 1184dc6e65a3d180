import { api, ErrorBody, type EndpointDef } from '@mashrou/contracts';
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

function operation(area: string, name: string, e: EndpointDef) {
  const response =
    e.response === null
      ? { description: 'No content' }
      : e.response === 'binary'
        ? {
            description: 'The file, as an attachment',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
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
    parameters: [...parameters('path', e.params), ...parameters('query', e.query)],
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(e.status)]: response,
      default: {
        description: 'An error: `{ code, message, details? }`',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

/**
 * The OpenAPI document, generated from the contracts (`@mashrou/contracts`): every route with its
 * path and query parameters, request body and response schema — the same schemas the api validates with.
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
    paths,
    components: {
      schemas: { Error: json(ErrorBody, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'mashrou_session' } },
    },
    security: [{ session: [] }],
  };
}
