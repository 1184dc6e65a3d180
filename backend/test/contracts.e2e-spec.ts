/**
 * The contract (`@mashrou/contracts`) is the api: every route is declared there and nowhere else,
 * answers are checked against it outside production, and the OpenAPI document is made from it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { z } from 'zod';
import { ALL_ENDPOINTS, api as contract, endpoint } from '@mashrou/contracts';
import * as webRoutes from '@mashrou/contracts/routes';
import { TestEnv } from './support/env.js';
import { signedIn } from './support/factories.js';
import { routeTable } from './support/routes.js';
import { Endpoint } from '../src/http/endpoint.js';
import { ContractCheckInterceptor } from '../src/http/contract-check.interceptor.js';
import { AllExceptionsFilter } from '../src/common/all-exceptions.filter.js';

const promise = endpoint({
  method: 'GET',
  path: '/drift',
  tag: 'test',
  status: 200,
  summary: 'A route whose handler drifted',
  response: z.strictObject({ id: z.uuid(), title: z.string() }),
});

@Controller()
class DriftingController {
  // @ts-expect-error -- the typed @Endpoint rejects the drift at compile time too; this checks the runtime guard.
  @Endpoint(promise)
  drift() {
    // Promised { id, title }; answers a wrong type, a missing field and one the contract never had.
    return { id: 42, passwordHash: 'oops' };
  }
}

@Module({ controllers: [DriftingController] })
class DriftModule {}

describe('contracts', () => {
  const env = new TestEnv({ DEV_TOOLS: 'true' });
  let api: NestFastifyApplication;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
  });
  afterAll(() => env.close());

  it('a controller that answers outside its contract fails loudly (500 naming the fields), outside production', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [DriftModule] }).compile();
    const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
    app.useGlobalFilters(new AllExceptionsFilter());
    app.useGlobalInterceptors(new ContractCheckInterceptor());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/drift' });
      expect(res.statusCode).toBe(500);
      const body = res.json<{ code: string; details: { endpoint: string; issues: { path: string }[] } }>();
      expect(body.code).toBe('internal-error');
      expect(body.details.endpoint).toBe('GET /drift');
      expect(body.details.issues.map((i) => i.path).sort()).toEqual(['', 'id', 'title']);
    } finally {
      await app.close();
    }
  });

  it('every route of the api is one endpoint of the contract, and every endpoint is a route', () => {
    const routes = routeTable(api)
      .map((r) => `${r.method} ${r.template}`)
      .sort();
    const contract = ALL_ENDPOINTS.map((e) => `${e.method} /api${e.path}`).sort();
    expect(routes).toEqual(contract);
    expect(new Set(contract).size).toBe(contract.length);
  });

  it('the web app calls the api through the routes written from the contract: each endpoint, its method and path, no schema', () => {
    for (const [area, endpoints] of Object.entries(contract)) {
      const routes = (webRoutes as unknown as Record<string, Record<string, object>>)[area];
      expect(routes).toEqual(
        Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }])),
      );
    }
    expect(Object.keys(webRoutes).sort()).toEqual([...Object.keys(contract), 'fillPath'].sort());
  });

  it('the OpenAPI document is the contract: query and path parameters, request bodies, response schemas', async () => {
    const doc = (await api.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: { name: string; in: string }[];
            requestBody?: unknown;
            responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
          }
        >
      >;
    }>();
    expect(Object.keys(doc.paths).length).toBe(new Set(ALL_ENDPOINTS.map((e) => e.path)).size);
    const browse = doc.paths['/api/marketplace/projects']!.get!;
    expect(browse.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining([
        'query:q',
        'query:skill',
        'query:mode',
        'query:paid',
        'query:maxWeeks',
        'query:sort',
        'query:page',
        'query:pageSize',
      ]),
    );
    expect(Object.keys(browse.responses['200']!.content!['application/json']!.schema.properties!)).toEqual(
      expect.arrayContaining(['items', 'total', 'totalIsCapped', 'page', 'pageSize']),
    );
    const apply = doc.paths['/api/marketplace/projects/{id}/apply']!.post!;
    expect(apply.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(apply.requestBody).toBeDefined();
    expect(doc.paths['/api/auth/signout']!.post!.responses['204']).toBeDefined();
  });

  it('answers the web app reads are the contract’s shapes, checked on every call of the test suite', async () => {
    // The check is on for every test (NODE_ENV=test): a few calls here show it lets good answers through.
    const { client } = await signedIn(api, 'student');
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await client.get('/api/marketplace/projects?sort=match')).statusCode).toBe(200);
    expect((await client.get('/api/applications/mine')).statusCode).toBe(200);
  });
});
