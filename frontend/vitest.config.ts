import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogueParts } from './catalogue-parts.ts';

export default defineConfig({
  plugins: [catalogueParts(), react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    css: false,
  },
});
