import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadAppTexts } from '../src/lib/i18n';
import { AREAS } from '../src/locales/areas';

// jsdom lacks these; Mantine reads them.
const win = window as Partial<Window>;
win.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
const globals = globalThis as Partial<typeof globalThis>;
globals.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
});

// Component tests render screens of every area: the signed-in app's texts too (the router loads
// them with its screens in the browser; lib/i18n).
await loadAppTexts(...AREAS);
