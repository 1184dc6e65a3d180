import { mkdir, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const FRONTEND = `${ROOT}/frontend`;

/**
 * `npm run up` serves the web app with Vite's dev server: its `/@fs/` route must not hand out what
 * the product stores or logs beside it (uploaded CVs and data exports in .data/, logs in .logs/).
 */
describe('the dev server serves the web app, not the repository', () => {
  let server: ViteDevServer;
  let base = '';
  const id = randomBytes(4).toString('hex');
  const stored = `${ROOT}/.data/files/dev-server-test-${id}/cv`;
  const log = `${ROOT}/.logs/dev-server-test-${id}.log`;

  beforeAll(async () => {
    await mkdir(`${ROOT}/.data/files/dev-server-test-${id}`, { recursive: true });
    await mkdir(`${ROOT}/.logs`, { recursive: true });
    await writeFile(stored, '%PDF-1.4 a stored CV');
    await writeFile(log, 'a log line');
    server = await createServer({ root: FRONTEND, configFile: `${FRONTEND}/vite.config.ts`, logLevel: 'silent' });
    await server.listen(0);
    base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
  });
  afterAll(async () => {
    await (server as ViteDevServer | undefined)?.close();
    await rm(`${ROOT}/.data/files/dev-server-test-${id}`, { recursive: true, force: true });
    await rm(log, { force: true });
  });

  it('refuses stored files, data exports, logs and secrets through /@fs/ and the root', async () => {
    for (const path of [
      `/@fs${stored}?raw`,
      `/@fs${stored}`,
      `/@fs${log}?raw`,
      `/@fs${ROOT}/package.json?raw`,
      `/@fs${ROOT}/backend/src/config/config.ts?raw`,
      `/@fs${ROOT}/.git/config?raw`,
      `/@fs${ROOT}/node_modules/@mashrou/backend/package.json?raw`,
      `/@fs${ROOT}/node_modules/@mashrou/backend/src/config/config.ts?raw`,
      `/@fs${FRONTEND}/../.data/files/dev-server-test-${id}/cv?raw`,
    ]) {
      const res = await fetch(`${base}${path}`);
      const body = await res.text();
      expect([path, res.status]).toEqual([path, 403]);
      expect(body).not.toContain('a stored CV');
      expect(body).not.toContain('a log line');
    }
  });

  it('still serves the web app itself', async () => {
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await fetch(`${base}/src/main.tsx`)).status).toBe(200);
  });
});
