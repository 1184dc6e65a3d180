// Writes the api's OpenAPI document, as `/api/docs/openapi.json` serves it with the dev tools on
// (every route), to the file named by its argument: `npm run check` lints it with Redocly
// (redocly.yaml). It reads `backend/src/http/openapi.ts` itself, its types stripped by Node (no
// backend build needed); that file imports only packages (`@mashrou/contracts`, built first, and
// zod), so it runs as is.
import { writeFileSync } from 'node:fs';

const out = process.argv[2];
if (!out) throw new Error('usage: node --experimental-strip-types scripts/openapi-document.mjs <file.json>');
const { openApiDocument } = await import('../backend/src/http/openapi.ts');
writeFileSync(out, `${JSON.stringify(openApiDocument({ devTools: true }), null, 2)}\n`);
