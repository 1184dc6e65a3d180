import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/admin': api },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy: { '/api': api, '/admin': api } },
  build: { sourcemap: true, chunkSizeWarningLimit: 600 },
});
