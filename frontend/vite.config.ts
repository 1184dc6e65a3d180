import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

/** Prints the JS a first visit downloads (the entry chunk and its static imports), gzipped. */
function initialJsReport(): Plugin {
  return {
    name: 'mashrou-initial-js',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        const c = byName.get(file);
        if (c) c.imports.forEach(visit);
      };
      for (const c of chunks) if (c.isEntry) visit(c.fileName);
      let raw = 0;
      let gz = 0;
      for (const f of seen) {
        const c = byName.get(f);
        if (!c) continue;
        raw += Buffer.byteLength(c.code);
        gz += gzipSync(c.code).length;
      }
      this.info(
        `initial JS: ${(raw / 1024).toFixed(1)} kB, gzip ${(gz / 1024).toFixed(1)} kB (${seen.size} chunks; every screen loads lazily)`,
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), initialJsReport()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/admin': api },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy: { '/api': api, '/admin': api } },
  build: { sourcemap: true, chunkSizeWarningLimit: 600 },
});
