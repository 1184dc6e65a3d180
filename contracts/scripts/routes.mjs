// Writes dist/routes.js and dist/routes.d.ts from the built contract (`npm run build`, after tsc):
// every endpoint's method and path, by area, as `@mashrou/contracts/routes`. The web app calls the api
// through them, so a page builds no zod schema it does not validate with; the types still come from
// the whole contract (`Route<E>` in src/endpoint.ts). Nothing here is written by hand.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const { api, fillPath } = await import(new URL('index.js', `file://${dist}`).href);
if (typeof fillPath !== 'function') throw new Error('routes: the contract has no fillPath');

const header = '// Written by contracts/scripts/routes.mjs from the contract (src/index.ts `api`); do not edit.\n';
let js = `${header}export { fillPath } from './endpoint.js';\n`;
let dts = `${header}import type { EndpointDef, Route } from './endpoint.js';\nimport type { api } from './index.js';\n\n`;
dts += `export { fillPath } from './endpoint.js';\n`;
dts += `type Routes<A> = { readonly [K in keyof A]: A[K] extends EndpointDef ? Route<A[K]> : never };\n`;
for (const [area, endpoints] of Object.entries(api)) {
  const routes = Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }]));
  js += `export const ${area} = ${JSON.stringify(routes)};\n`;
  dts += `export declare const ${area}: Routes<typeof api.${area}>;\n`;
}
writeFileSync(`${dist}routes.js`, js);
writeFileSync(`${dist}routes.d.ts`, dts);
