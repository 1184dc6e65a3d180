// Last step of `npm run build -w frontend`: a brotli (.br) and a gzip (.gz) copy next to every text
// file of dist, served as they are by the api (@fastify/static `preCompressed`) and nginx
// (`gzip_static`): no compression work per request, and the strongest settings once at build time.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : TEXT.test(e.name) ? [join(dir, e.name)] : [],
  );

let raw = 0;
let br = 0;
let gz = 0;
let n = 0;
for (const file of files(DIST)) {
  if (statSync(file).size < 512) continue;
  const data = readFileSync(file);
  const b = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const g = gzipSync(data, { level: 9 });
  if (b.length < data.length) writeFileSync(`${file}.br`, b);
  if (g.length < data.length) writeFileSync(`${file}.gz`, g);
  raw += data.length;
  br += Math.min(b.length, data.length);
  gz += Math.min(g.length, data.length);
  n++;
  if (process.env.PRECOMPRESS_VERBOSE) console.log(relative(DIST, file), data.length, b.length, g.length);
}
const kb = (x) => `${(x / 1024).toFixed(1)} kB`;
console.log(`precompressed ${n} files: ${kb(raw)} -> brotli ${kb(br)}, gzip ${kb(gz)}`);
